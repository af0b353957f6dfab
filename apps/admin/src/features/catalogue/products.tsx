import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  ArrayInput,
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  Button,
  Create,
  DataTable,
  DeleteButton,
  Edit,
  List,
  Loading,
  NullableBooleanInput,
  NumberInput,
  ReferenceInput,
  required,
  SaveButton,
  SearchInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import type { AdminDataProvider } from '../../lib/data-provider.ts';
import { PictureInput } from './picture-input.tsx';
import { PlacesInput, ProductPlaces, SameNameWarning, useCompanyPlaces } from './product-places.tsx';
import { ProductListActions } from './products-file.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput
    key="category"
    source="category"
    reference="categories"
    sort={{ field: 'name', order: 'ASC' }}
  >
    <AutocompleteInput optionText="name" label="resources.products.fields.category" />
  </ReferenceInput>,
  <NullableBooleanInput key="is_active" source="is_active" />,
  <NullableBooleanInput key="is_redeemable" source="is_redeemable" />,
];

/** Products with search, filters, sorting and paging (all done by the API). */
export function ProductList() {
  return (
    <List
      filters={filters}
      sort={{ field: 'title', order: 'ASC' }}
      perPage={25}
      exporter={false}
      actions={<ProductListActions />}
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="title" />
        <DataTable.Col source="price" align="right" />
        <DataTable.Col source="category.name" label="resources.products.fields.category" disableSort />
        <DataTable.Col source="sku" />
        <DataTable.Col source="brand" />
        <DataTable.Col source="is_active" disableSort field={BooleanField} />
      </DataTable>
    </List>
  );
}

/** "12", "12.5" or "12.50", as the API takes money. */
const money = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !/^\d{1,7}(\.\d{1,2})?$/.test(String(value).trim())
    ? 'admin.validation.money'
    : undefined;

const emptyToNull = (value: string) => (value === '' ? null : value);

/**
 * Inputs side by side on a desktop or tablet (`columns`: their widths), stacked on a phone. Names get
 * the wide column: a category or a group's name is cut short in a third of a tablet's form.
 */
function Row({ children, columns = '1fr 1fr' }: { children: ReactNode; columns?: string }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: columns },
        columnGap: 2,
        width: '100%',
      }}
    >
      {children}
    </Box>
  );
}

function ProductFields({ isNew = false }: { isNew?: boolean }) {
  return (
    <Box sx={{ width: '100%', maxWidth: 960 }}>
      <TextInput source="title" validate={required()} />
      {isNew && <SameNameWarning />}
      <TextInput source="short_description" multiline />
      <TextInput source="description" multiline minRows={3} />
      <PictureInput />
      <Row>
        <TextInput source="price" validate={[required(), money]} inputMode="decimal" />
        <NumberInput source="coin_price" min={0} step={1} />
      </Row>
      <Row columns="2fr 1fr 1fr">
        <ReferenceInput source="category_uid" reference="categories" sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput optionText="name" label="resources.products.fields.category" />
        </ReferenceInput>
        <TextInput source="brand" parse={emptyToNull} />
        <TextInput source="sku" parse={emptyToNull} />
      </Row>
      <Row columns="1fr 1fr 1fr">
        <BooleanInput source="is_active" />
        <BooleanInput source="is_redeemable" />
        <BooleanInput source="direct_purchase" />
      </Row>
      <ArrayInput source="option_groups">
        <SimpleFormIterator inline={false} disableReordering>
          <Row columns="2fr 1fr 1fr">
            <TextInput source="name" label="admin.products.group_name" validate={required()} />
            <NumberInput source="min" label="admin.products.group_min" min={0} step={1} defaultValue={0} />
            <NumberInput source="max" label="admin.products.group_max" min={1} step={1} defaultValue={1} />
          </Row>
          <ArrayInput source="options" label="resources.products.fields.options">
            <SimpleFormIterator inline disableReordering>
              <TextInput
                source="name"
                label="admin.products.option_name"
                validate={required()}
                helperText={false}
              />
              <TextInput
                source="price"
                label="admin.products.option_price"
                validate={money}
                defaultValue="0"
                helperText={false}
              />
            </SimpleFormIterator>
          </ArrayInput>
        </SimpleFormIterator>
      </ArrayInput>
    </Box>
  );
}

/** Duplicates the product (`POST products/{uid}/duplicate/`) and opens the copy. */
function DuplicateButton() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const redirect = useRedirect();
  const duplicate = useMutation({
    mutationFn: () => dataProvider.duplicate('products', record?.id ?? ''),
    onSuccess: ({ data }) => {
      notify('admin.products.duplicated', { type: 'success' });
      redirect('edit', 'products', data.id);
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  return (
    <Button
      label="admin.products.duplicate"
      onClick={() => duplicate.mutate()}
      disabled={!record || duplicate.isPending}
    >
      <ContentCopyIcon />
    </Button>
  );
}

function ProductEditToolbar() {
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton />
      <DuplicateButton />
      <span style={{ flex: 1 }} />
      <DeleteButton mutationMode="pessimistic" />
    </Toolbar>
  );
}

export function ProductEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm toolbar={<ProductEditToolbar />} warnWhenUnsavedChanges>
        <ProductPlaces />
        <ProductFields />
      </SimpleForm>
    </Edit>
  );
}

/** A new product, sold from the start at the places checked (every place of the company at first). */
export function ProductCreate() {
  const places = useCompanyPlaces();
  return (
    <Create redirect="edit">
      {places.isPending ? (
        <Loading />
      ) : (
        <SimpleForm
          defaultValues={{
            is_active: true,
            is_redeemable: false,
            direct_purchase: false,
            option_groups: [],
            place_uids: (places.data ?? []).map((place) => place.id),
          }}
        >
          <ProductFields isNew />
          <PlacesInput places={places.data ?? []} failed={Boolean(places.error)} />
        </SimpleForm>
      )}
    </Create>
  );
}
