import {
  BooleanField,
  Create,
  CreateButton,
  DataTable,
  email,
  List,
  required,
  SearchInput,
  SimpleForm,
  TextInput,
  TopToolbar,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useLocation } from 'react-router-dom';

// The installation operator's screens (issue 17): apps on their domains, an app's companies, and a
// company's first owner. They belong to no company: the layout shows them without one picked.

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** The list of an app's companies, by the list's own `filter` parameter. */
export const companiesOf = (appUid: string) =>
  `/installation-companies?${new URLSearchParams({ filter: JSON.stringify({ app_uid: appUid }) })}`;

/** The installation's apps with their domains, main company and companies. */
export function InstallationAppList() {
  return (
    <List filters={filters} perPage={25} exporter={false}>
      <DataTable rowClick={(id) => companiesOf(String(id))} bulkActionButtons={false}>
        <DataTable.Col source="name" disableSort />
        <DataTable.Col
          source="domains"
          disableSort
          render={(record) => (record.domains as string[]).join(', ')}
        />
        <DataTable.Col source="main_company.name" disableSort />
        <DataTable.NumberCol source="companies_count" disableSort />
      </DataTable>
    </List>
  );
}

/** Domains typed one per line (or separated by commas), sent as a list. */
const domainsOf = (value: string) =>
  value
    .split(/[\s,]+/)
    .map((domain) => domain.trim())
    .filter(Boolean);
const domainsText = (value: unknown) => (Array.isArray(value) ? value.join('\n') : (value ?? ''));

/** A new app on its domains, with its main company. */
export function InstallationAppCreate() {
  return (
    <Create redirect={(_resource, _id, data) => companiesOf(String(data?.uid))}>
      <SimpleForm>
        <TextInput source="name" validate={required()} />
        <TextInput
          source="domains"
          multiline
          minRows={2}
          validate={required()}
          parse={domainsOf}
          format={domainsText}
          helperText="admin.installation.domains_help"
        />
        <TextInput source="main_company_name" helperText="admin.installation.main_company_help" />
      </SimpleForm>
    </Create>
  );
}

function AddOwnerButton() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <CreateButton
      resource="installation-owners"
      label="admin.installation.add_owner"
      state={{ record: { company_uid: record.uid, app_uid: record.app_uid }, company_name: record.name }}
      onClick={(event: { stopPropagation(): void }) => event.stopPropagation()}
    />
  );
}

function CompanyActions() {
  const { filterValues } = useListContext();
  return (
    <TopToolbar>
      <CreateButton state={{ record: { app_uid: filterValues.app_uid } }} />
    </TopToolbar>
  );
}

/** An app's companies with their owners; each gets its first owner from here. */
export function InstallationCompanyList() {
  const translate = useTranslate();
  const { search } = useLocation();
  if (!new URLSearchParams(search).get('filter')?.includes('app_uid'))
    return <p>{translate('admin.installation.pick_app')}</p>;
  return (
    <List actions={<CompanyActions />} perPage={25} exporter={false}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="name" disableSort />
        <DataTable.Col source="is_main" disableSort>
          <BooleanField source="is_main" />
        </DataTable.Col>
        <DataTable.Col
          source="owners"
          disableSort
          render={(record) => (record.owners as string[]).join(', ')}
        />
        <DataTable.Col disableSort label="">
          <AddOwnerButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** The values a create screen was opened with (the app or company it belongs to). */
function useOpenedWith() {
  const state = useLocation().state as { record?: Record<string, string>; company_name?: string } | null;
  return { app_uid: state?.record?.app_uid ?? '', company_name: state?.company_name ?? '' };
}

export function InstallationCompanyCreate() {
  const { app_uid: appUid } = useOpenedWith();
  return (
    <Create redirect={() => companiesOf(appUid)}>
      <SimpleForm>
        <TextInput source="name" validate={required()} />
      </SimpleForm>
    </Create>
  );
}

/** A company's owner by e-mail: an unknown e-mail gets an account and a mail to choose its password. */
export function InstallationOwnerCreate() {
  const translate = useTranslate();
  const { app_uid: appUid, company_name: companyName } = useOpenedWith();
  return (
    <Create
      redirect={() => companiesOf(appUid)}
      title={translate('admin.installation.owner_of', { company: companyName })}
    >
      <SimpleForm>
        <TextInput
          source="email"
          type="email"
          validate={[required(), email()]}
          helperText="admin.staff.invite_help"
        />
        <TextInput source="first_name" />
        <TextInput source="last_name" />
      </SimpleForm>
    </Create>
  );
}
