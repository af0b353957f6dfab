import { Box, TextField as MuiTextField, Switch } from '@mui/material';
import { useState } from 'react';
import {
  AutocompleteInput,
  DataTable,
  List,
  NullableBooleanInput,
  type RaRecord,
  ReferenceInput,
  useNotify,
  useRecordContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { TextButton } from '../../app/text-button.tsx';

const filters = [
  <ReferenceInput
    key="product"
    source="product"
    reference="products"
    sort={{ field: 'title', order: 'ASC' }}
    alwaysOn
  >
    <AutocompleteInput optionText="title" label="resources.availability.fields.product" />
  </ReferenceInput>,
  <NullableBooleanInput key="available" source="available" />,
  <NullableBooleanInput key="sold_out" source="sold_out" />,
];

/** One write of a row, kept in the list at once and checked against the version it was shown with. */
function usePatchRow() {
  const record = useRecordContext();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  const patch = (data: Record<string, unknown>, done = 'admin.availability.saved') =>
    record &&
    update(
      'availability',
      { id: record.id, data: { ...record, ...data }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(done, { type: 'info' }),
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  return { record, patch, isPending };
}

function AvailableSwitch() {
  const translate = useTranslate();
  const { record, patch, isPending } = usePatchRow();
  if (!record) return null;
  return (
    <Switch
      checked={record.available}
      disabled={isPending}
      onChange={(event) => patch({ available: event.target.checked })}
      slotProps={{ input: { 'aria-label': translate('admin.availability.sells', rowNames(record)) } }}
    />
  );
}

/** "Sold out now": one click, the storefront shows it at once; a second click sells again (unlimited). */
function SoldOutSwitch() {
  const translate = useTranslate();
  const { record, patch, isPending } = usePatchRow();
  if (!record) return null;
  return (
    <Switch
      color="error"
      checked={record.sold_out}
      disabled={isPending}
      onChange={(event) =>
        patch(
          event.target.checked ? { sold_out: true, stock: 0 } : { sold_out: false, stock: null },
          event.target.checked ? 'admin.availability.sold_out_done' : 'admin.availability.back_on_sale',
        )
      }
      slotProps={{ input: { 'aria-label': translate('admin.availability.sold_out_now', rowNames(record)) } }}
    />
  );
}

const rowNames = (record: RaRecord) => ({
  product: record.product?.title ?? '',
  place: record.place?.name ?? '',
});

/** The stock of a row: a number, or empty for unlimited. */
function StockInput() {
  const translate = useTranslate();
  const { record, patch, isPending } = usePatchRow();
  const [value, setValue] = useState<string | null>(null);
  if (!record) return null;
  const shown = value ?? (record.stock === null ? '' : String(record.stock));
  const valid = /^\d{0,9}$/.test(shown);
  const changed = shown !== (record.stock === null ? '' : String(record.stock));
  return (
    <Box
      component="form"
      sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) patch({ stock: shown === '' ? null : Number(shown) });
        setValue(null);
      }}
    >
      <MuiTextField
        size="small"
        value={shown}
        onChange={(event) => setValue(event.target.value.trim())}
        placeholder={translate('admin.availability.unlimited')}
        error={!valid}
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            'aria-label': translate('admin.availability.stock_of', rowNames(record)),
          },
        }}
        sx={{ width: 120 }}
      />
      {changed && <TextButton type="submit" label="ra.action.save" disabled={!valid || isPending} />}
    </Box>
  );
}

/** Which products each place sells, with its stock and the "sold out now" switch. */
export function AvailabilityList() {
  return (
    <List filters={filters} sort={{ field: 'product', order: 'ASC' }} perPage={25} exporter={false}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        {/* Sorted by the API's own keys (product, place), shown by their names. */}
        <DataTable.Col source="product" render={(record) => record.product.title} />
        <DataTable.Col source="place" render={(record) => record.place.name} />
        <DataTable.Col source="available" disableSort render={() => <AvailableSwitch />} />
        <DataTable.Col source="stock" render={() => <StockInput />} />
        <DataTable.Col source="sold_out" disableSort render={() => <SoldOutSwitch />} />
      </DataTable>
    </List>
  );
}
