import {
  AutocompleteArrayInput,
  ChipField,
  Create,
  DataTable,
  DeleteWithConfirmButton,
  Edit,
  email,
  List,
  ReferenceArrayField,
  ReferenceArrayInput,
  required,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleForm,
  SingleFieldList,
  TextInput,
  Toolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';

const ROLES = ['owner', 'manager', 'staff'] as const;

function useRoleChoices() {
  const translate = useTranslate();
  return ROLES.map((id) => ({ id, name: translate(`admin.roles.${id}`) }));
}

function RoleText() {
  const translate = useTranslate();
  const record = useRecordContext();
  return record ? <span>{translate(`admin.roles.${record.role}`)}</span> : null;
}

function useFilters() {
  const roles = useRoleChoices();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="role" source="role" choices={roles} alwaysOn />,
  ];
}

/** The company's people with their role and places (owners only). */
export function StaffList() {
  return (
    <List filters={useFilters()} sort={{ field: 'email', order: 'ASC' }} perPage={25} exporter={false}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="email" />
        <DataTable.Col
          source="first_name"
          disableSort
          render={(record) => `${record.first_name} ${record.last_name}`.trim()}
        />
        <DataTable.Col source="role" render={() => <RoleText />} />
        <DataTable.Col source="places" disableSort>
          <ReferenceArrayField source="places" reference="places">
            <SingleFieldList linkType={false}>
              <ChipField source="name" size="small" />
            </SingleFieldList>
          </ReferenceArrayField>
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

function PlacesInput() {
  return (
    <ReferenceArrayInput
      source="places"
      reference="places"
      sort={{ field: 'name', order: 'ASC' }}
      perPage={100}
    >
      <AutocompleteArrayInput optionText="name" label="resources.staff.fields.places" />
    </ReferenceArrayInput>
  );
}

/** Invites a person by e-mail: an unknown e-mail gets an account and a mail to set its password. */
export function StaffCreate() {
  const roles = useRoleChoices();
  const translate = useTranslate();
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ role: 'staff', places: [] }}>
        <TextInput
          source="email"
          type="email"
          validate={[required(), email()]}
          helperText={translate('admin.staff.invite_help')}
        />
        <SelectInput source="role" choices={roles} validate={required()} />
        <PlacesInput />
        <TextInput source="first_name" />
        <TextInput source="last_name" />
      </SimpleForm>
    </Create>
  );
}

/** Save, and revoke behind a confirmation dialog. */
function StaffToolbar() {
  const record = useRecordContext();
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton
        label="admin.staff.revoke"
        confirmTitle="admin.staff.revoke_title"
        confirmContent="admin.staff.revoke_content"
        translateOptions={{ email: record?.email ?? '' }}
        mutationMode="pessimistic"
      />
    </Toolbar>
  );
}

/** Changes a person's role and places, or revokes them. */
export function StaffEdit() {
  const roles = useRoleChoices();
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm toolbar={<StaffToolbar />}>
        <TextInput source="email" disabled />
        <SelectInput source="role" choices={roles} validate={required()} />
        <PlacesInput />
      </SimpleForm>
    </Edit>
  );
}
