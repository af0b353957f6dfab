import {
  BooleanField,
  BooleanInput,
  Create,
  DataTable,
  Edit,
  List,
  NullableBooleanInput,
  NumberInput,
  required,
  SearchInput,
  SimpleForm,
  TextInput,
} from 'react-admin';
import { ProgramInput } from '../campaigns/program-input.tsx';
import { useProgramsQuery } from '../campaigns/programs.ts';
import { NoProgram } from '../campaigns/promotions.tsx';
import { PictureInput } from '../catalogue/picture-input.tsx';

const orNull = (value: string) => (value === '' ? null : value);

function useFilters() {
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <NullableBooleanInput key="is_active" source="is_active" alwaysOn />,
    <ProgramInput key="program" source="program" />,
  ];
}

/** The programs' ads, in the order members see them; inactive ones are hidden. */
export function AdList() {
  return (
    <List filters={useFilters()} sort={{ field: 'position', order: 'ASC' }} perPage={25} exporter={false}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="title" />
        <DataTable.Col source="link" disableSort />
        <DataTable.Col source="position" align="right" />
        <DataTable.Col source="is_active" disableSort field={BooleanField} />
      </DataTable>
    </List>
  );
}

function AdFields({ creating }: { creating?: boolean }) {
  return (
    <>
      <ProgramInput source="program" validate={required()} disabled={!creating} />
      <TextInput source="title" validate={required()} />
      <TextInput source="description" multiline minRows={2} />
      <PictureInput />
      <TextInput source="link" parse={orNull} helperText="admin.activities.link_help" />
      <NumberInput source="position" min={0} step={1} />
      <BooleanInput source="is_active" helperText="admin.activities.active_help" />
    </>
  );
}

export function AdEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm warnWhenUnsavedChanges>
        <AdFields />
      </SimpleForm>
    </Edit>
  );
}

export function AdCreate() {
  const { data: programs } = useProgramsQuery();
  if (!programs) return null;
  if (programs.length === 0) return <NoProgram />;
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ program: programs[0]?.uid, is_active: true }}>
        <AdFields creating />
      </SimpleForm>
    </Create>
  );
}
