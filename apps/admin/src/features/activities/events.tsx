import {
  BooleanField,
  BooleanInput,
  Create,
  DataTable,
  DateField,
  DateInput,
  Edit,
  List,
  NullableBooleanInput,
  required,
  SearchInput,
  SimpleForm,
  TextInput,
} from 'react-admin';
import { FormRow } from '../../app/form-row.tsx';
import { PictureInput } from '../catalogue/picture-input.tsx';

/** An empty input is "no value" to the API (null), not an empty string. */
const orNull = (value: string) => (value === '' ? null : value);

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="is_active" source="is_active" alwaysOn />,
];

/** The company's events: day, time, place; inactive ones are hidden from the storefront. */
export function EventList() {
  return (
    <List filters={filters} sort={{ field: 'start_date', order: 'DESC' }} perPage={25} exporter={false}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="title" />
        <DataTable.Col source="start_date" field={DateField} />
        <DataTable.Col source="start_time" disableSort />
        <DataTable.Col source="location" disableSort />
        <DataTable.Col source="is_active" disableSort field={BooleanField} />
      </DataTable>
    </List>
  );
}

function EventFields() {
  return (
    <>
      <TextInput source="title" validate={required()} />
      <TextInput source="description" multiline minRows={2} />
      <PictureInput />
      <FormRow>
        <DateInput source="start_date" validate={required()} />
        <TextInput source="start_time" type="time" parse={orNull} />
        <DateInput source="end_date" parse={orNull} />
        <TextInput source="end_time" type="time" parse={orNull} />
      </FormRow>
      <TextInput source="location" />
      <TextInput source="link" parse={orNull} helperText="admin.activities.link_help" />
      <BooleanInput source="is_active" helperText="admin.activities.active_help" />
    </>
  );
}

export function EventEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm warnWhenUnsavedChanges>
        <EventFields />
      </SimpleForm>
    </Edit>
  );
}

export function EventCreate() {
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ is_active: true }}>
        <EventFields />
      </SimpleForm>
    </Create>
  );
}
