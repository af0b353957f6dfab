import { COUNTRIES } from '@storefront/contracts/countries';
import {
  Create,
  DataTable,
  List,
  required,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useLocaleState,
} from 'react-admin';

/** The cities (areas) of the company's app, where its places are; the storefront's city picker lists them. */
export function CityList() {
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      exporter={false}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="country_code" disableSort />
        <DataTable.Col source="places_count" disableSort align="right" />
      </DataTable>
    </List>
  );
}

export function CityCreate() {
  const [locale] = useLocaleState();
  const countries = COUNTRIES.map((country) => ({
    id: country.code,
    name: locale === 'en' ? country.name_en : country.name_es,
  }));
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ country_code: 'PE' }}>
        <TextInput source="name" validate={required()} />
        <SelectInput source="country_code" choices={countries} validate={required()} />
      </SimpleForm>
    </Create>
  );
}
