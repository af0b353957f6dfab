import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useMutation } from '@tanstack/react-query';
import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
  Button,
  Create,
  DataTable,
  DeleteButton,
  Edit,
  List,
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
    <List filters={filters} sort={{ field: 'title', order: 'ASC' }} perPage={25} exporter={false}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="title" />
        <DataTable.Col source="price" align="right" />
        <DataTable.Col source="category.name" label="resources.products.fields.category" disableSort />
        <DataTable.Col source="sku" />
        <DataTable.Col source="brand" />
        <DataTable.Col source="is_active" disableSort render={(record) => (record.is_active ? '✓' : '—')} />
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

function ProductFields() {
  return (
    <>
      <TextInput source="title" validate={required()} />
      <TextInput source="short_description" multiline />
      <TextInput source="description" multiline minRows={3} />
      <TextInput source="price" validate={[required(), money]} inputMode="decimal" />
      <NumberInput source="coin_price" min={0} step={1} />
      <ReferenceInput source="category_uid" reference="categories" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput optionText="name" label="resources.products.fields.category" />
      </ReferenceInput>
      <TextInput source="brand" parse={emptyToNull} />
      <TextInput source="sku" parse={emptyToNull} />
      <BooleanInput source="is_active" />
      <BooleanInput source="is_redeemable" />
      <BooleanInput source="direct_purchase" />
      <ArrayInput source="option_groups">
        <SimpleFormIterator inline={false} disableReordering>
          <TextInput source="name" validate={required()} />
          <NumberInput source="min" min={0} step={1} defaultValue={0} />
          <NumberInput source="max" min={1} step={1} defaultValue={1} />
          <ArrayInput source="options" label="resources.products.fields.options">
            <SimpleFormIterator inline disableReordering>
              <TextInput source="name" validate={required()} helperText={false} />
              <TextInput source="price" validate={money} defaultValue="0" helperText={false} />
            </SimpleFormIterator>
          </ArrayInput>
        </SimpleFormIterator>
      </ArrayInput>
    </>
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
        <ProductFields />
      </SimpleForm>
    </Edit>
  );
}

export function ProductCreate() {
  return (
    <Create redirect="edit">
      <SimpleForm
        defaultValues={{ is_active: true, is_redeemable: false, direct_purchase: false, option_groups: [] }}
      >
        <ProductFields />
      </SimpleForm>
    </Create>
  );
}
