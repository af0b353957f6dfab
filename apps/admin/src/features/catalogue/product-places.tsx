import {
  Alert,
  Box,
  List,
  ListItem,
  ListItemText,
  Link as MuiLink,
  Skeleton,
  Typography,
} from '@mui/material';
import { MAX_PAGE_SIZE } from '@storefront/contracts/constants';
import { normaliseSearch } from '@storefront/contracts/search';
import { useEffect, useState } from 'react';
import { CheckboxGroupInput, type RaRecord, useGetList, useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';

// Issue 28: a product reaches a menu only through a place that sells it. The create form offers the
// company's places (all by default), the edit screen says where it is sold, and a new product named like
// another says so before it is saved.

/** The company's places by name (a company has far fewer than a page of them). */
export const useCompanyPlaces = () =>
  useGetList('places', {
    pagination: { page: 1, perPage: MAX_PAGE_SIZE },
    sort: { field: 'name', order: 'ASC' },
  });

/** The places that sell the new product from the start: all of them checked when the form opens. */
export function PlacesInput({ places, failed }: { places: RaRecord[]; failed: boolean }) {
  const translate = useTranslate();
  const chosen = useWatch({ name: 'place_uids' }) as string[] | undefined;
  if (failed) return <Alert severity="error">{translate('admin.products.places_failed')}</Alert>;
  if (places.length === 0) return <Alert severity="info">{translate('admin.products.no_places_yet')}</Alert>;
  return (
    <>
      <CheckboxGroupInput
        source="place_uids"
        choices={places}
        optionText={(place) => `${place.name} (${place.city})`}
        row={false}
        helperText="admin.products.places_help"
      />
      {!chosen?.length && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('admin.products.places_none')}
        </Alert>
      )}
    </>
  );
}

const availabilityOf = (productUid: string) =>
  `/availability?${new URLSearchParams({ filter: JSON.stringify({ product: productUid }) })}`;
const addPlaceFor = (productUid: string) =>
  `/availability/create?${new URLSearchParams({ source: JSON.stringify({ product: productUid }) })}`;

/** The product's places with their stock, or that it is sold nowhere, with the screen that changes it. */
export function ProductPlaces() {
  const translate = useTranslate();
  const record = useRecordContext();
  const offers = useGetList(
    'availability',
    {
      filter: { product: record?.id },
      pagination: { page: 1, perPage: MAX_PAGE_SIZE },
      sort: { field: 'place', order: 'ASC' },
    },
    { enabled: Boolean(record) },
  );
  if (!record) return null;
  const stockOf = (offer: RaRecord) =>
    !offer.available
      ? translate('admin.products.place_off')
      : offer.stock === 0
        ? translate('admin.products.place_sold_out')
        : offer.stock === null
          ? translate('admin.products.place_unlimited')
          : translate('admin.products.place_stock', { stock: offer.stock });
  return (
    <Box component="section" aria-labelledby="product-places" sx={{ width: '100%', maxWidth: 960, mb: 2 }}>
      <Typography id="product-places" component="h2" variant="subtitle1" sx={{ fontWeight: 500 }}>
        {translate('admin.products.sold_at')}
      </Typography>
      {offers.isPending ? (
        <Skeleton variant="text" width="60%" />
      ) : offers.error ? (
        <Alert severity="error">{translate('admin.products.places_failed')}</Alert>
      ) : offers.data.length === 0 ? (
        <Alert severity="warning">
          {translate('admin.products.sold_nowhere')}{' '}
          <MuiLink component={Link} to={addPlaceFor(String(record.id))}>
            {translate('admin.products.sell_somewhere')}
          </MuiLink>
        </Alert>
      ) : (
        <>
          <List
            dense
            disablePadding
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
            }}
          >
            {offers.data.map((offer) => (
              <ListItem key={offer.id} disableGutters>
                <ListItemText
                  primary={offer.place.name}
                  secondary={`S/ ${record.price} · ${stockOf(offer)}`}
                />
              </ListItem>
            ))}
          </List>
          <MuiLink component={Link} to={availabilityOf(String(record.id))}>
            {translate('admin.products.change_places')}
          </MuiLink>
        </>
      )}
    </Box>
  );
}

/** The words a search takes at most (the API refuses longer searches). */
const MAX_SEARCH = 100;

/**
 * "There is already a product with this name" under a new product's name, compared as the catalogue
 * search does (case and accents aside). It does not stop the save: two products may share a name.
 */
export function SameNameWarning() {
  const translate = useTranslate();
  const title = (useWatch({ name: 'title' }) as string | undefined) ?? '';
  // Asked once typing pauses, not on every key.
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTyped(normaliseSearch(title)), 400);
    return () => clearTimeout(timer);
  }, [title]);
  const found = useGetList(
    'products',
    {
      filter: { q: typed.slice(0, MAX_SEARCH) },
      pagination: { page: 1, perPage: MAX_PAGE_SIZE },
      sort: { field: 'title', order: 'ASC' },
    },
    { enabled: typed.length > 0 },
  );
  const same = (found.data ?? []).filter((product) => normaliseSearch(product.title) === typed);
  if (!typed || same.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {translate('admin.products.same_name', { smart_count: same.length })}{' '}
      <strong>{same.map((product) => product.title).join(', ')}</strong>
    </Alert>
  );
}
