import {
  Create,
  DataTable,
  Edit,
  List,
  NumberInput,
  required,
  SearchInput,
  SimpleForm,
  TextInput,
} from 'react-admin';
import { PictureInput } from './picture-input.tsx';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Categories in the storefront's order (position), searchable by name. */
export function CategoryList() {
  return (
    <List filters={filters} sort={{ field: 'position', order: 'ASC' }} perPage={25} exporter={false}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col
          source="color"
          disableSort
          render={(record) =>
            record.color ? (
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
                <span
                  aria-hidden
                  style={{
                    width: 16,
                    height: 16,
                    borderRadius: 4,
                    background: record.color,
                    border: '1px solid #0003',
                  }}
                />
                {record.color}
              </span>
            ) : null
          }
        />
        <DataTable.NumberCol source="position" />
        <DataTable.NumberCol source="products_count" disableSort />
      </DataTable>
    </List>
  );
}

const hexColour = (value: unknown) =>
  value && !/^#[0-9A-Fa-f]{6}$/.test(String(value)) ? 'admin.validation.colour' : undefined;

function CategoryForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={required()} />
      <TextInput
        source="color"
        validate={hexColour}
        parse={(value: string) => value || null}
        helperText="#C62828"
      />
      <NumberInput source="position" min={0} step={1} />
      <PictureInput />
    </SimpleForm>
  );
}

export function CategoryEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <CategoryForm />
    </Edit>
  );
}

export function CategoryCreate() {
  return (
    <Create redirect="list">
      <CategoryForm />
    </Create>
  );
}
