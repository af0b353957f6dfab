import { Box } from '@mui/material';
import { SHIPPING_METHODS, TIME_ZONES } from '@storefront/contracts/admin-places';
import { PLACE_PAYMENT_METHODS } from '@storefront/contracts/orders';
import {
  ArrayInput,
  AutocompleteInput,
  CheckboxGroupInput,
  Create,
  DataTable,
  Edit,
  List,
  NumberInput,
  ReferenceInput,
  required,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TabbedForm,
  TextInput,
  Toolbar,
  useTranslate,
} from 'react-admin';
import { FormRow } from '../../app/form-row.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="city" source="city" reference="cities" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput optionText="name" label="resources.places.fields.city" />
  </ReferenceInput>,
];

/** The company's places with search, a city filter, sorting and paging (all done by the API). */
export function PlaceList() {
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25} exporter={false}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="city" />
        <DataTable.Col source="address" disableSort />
        <DataTable.Col source="phone" disableSort />
      </DataTable>
    </List>
  );
}

/** "12", "12.5" or "12.50", as the API takes money (the catalogue's rule). */
const money = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !/^\d{1,7}(\.\d{1,2})?$/.test(String(value).trim())
    ? 'admin.validation.money'
    : undefined;
const emptyToNull = (value: string) => (value === '' ? null : value);

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const timeZones = TIME_ZONES.map((zone) => ({ id: zone, name: zone }));

function DetailsFields() {
  return (
    <Box sx={{ width: '100%', maxWidth: 960 }}>
      <TextInput source="name" validate={required()} />
      <TextInput source="address" />
      <FormRow>
        <ReferenceInput source="city_uid" reference="cities" sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput optionText="name" label="resources.places.fields.city" validate={required()} />
        </ReferenceInput>
        <TextInput source="phone" inputMode="tel" autoComplete="off" />
      </FormRow>
      <FormRow>
        <NumberInput source="latitude" min={-90} max={90} parse={numberOrNull} />
        <NumberInput source="longitude" min={-180} max={180} parse={numberOrNull} />
      </FormRow>
    </Box>
  );
}

const numberOrNull = (value: string | null) => (value === '' || value === null ? null : Number(value));

function HoursFields() {
  const translate = useTranslate();
  const weekdays = WEEKDAYS.map((day) => ({ id: day, name: translate(`admin.places.weekdays.${day}`) }));
  return (
    <ArrayInput source="opening_hours" label="resources.places.fields.opening_hours">
      <SimpleFormIterator inline disableReordering>
        <SelectInput
          source="weekday"
          label="admin.places.weekday"
          choices={weekdays}
          validate={required()}
          helperText={false}
        />
        <TextInput
          source="opens"
          label="admin.places.opens"
          type="time"
          validate={required()}
          helperText={false}
        />
        <TextInput
          source="closes"
          label="admin.places.closes"
          type="time"
          validate={required()}
          helperText={false}
        />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

function PickupFields() {
  return (
    <FormRow>
      <NumberInput source="lead_minutes" min={0} validate={required()} />
      <NumberInput source="slot_minutes" min={5} max={240} validate={required()} />
      <AutocompleteInput source="time_zone" choices={timeZones} validate={required()} />
    </FormRow>
  );
}

/** Districts are typed as one line, "Miraflores, Barranco": the API keeps them as a list. */
const districtsFormat = (value: string[] | string | undefined) =>
  Array.isArray(value) ? value.join(', ') : (value ?? '');
const districtsParse = (value: string) => value.split(',').map((district) => district.trimStart());

function DeliveryFields() {
  return (
    <Box sx={{ width: '100%', maxWidth: 960 }}>
      <ArrayInput source="delivery_zones" label="resources.places.fields.delivery_zones">
        <SimpleFormIterator inline={false} disableReordering>
          <FormRow>
            <TextInput source="name" label="admin.places.zone_name" validate={required()} />
            <TextInput
              source="districts"
              label="admin.places.districts"
              helperText="admin.places.districts_help"
              format={districtsFormat}
              parse={districtsParse}
              validate={required()}
            />
            <TextInput
              source="fare"
              label="admin.places.fare"
              validate={[required(), money]}
              inputMode="decimal"
            />
            <NumberInput
              source="eta_minutes"
              label="admin.places.eta_minutes"
              min={1}
              defaultValue={45}
              validate={required()}
            />
          </FormRow>
        </SimpleFormIterator>
      </ArrayInput>
      <Box component="p" sx={{ mb: 1 }}>
        <DistanceHelp />
      </Box>
      <FormRow>
        <TextInput source="distance_base_fare" validate={money} parse={emptyToNull} inputMode="decimal" />
        <TextInput source="distance_per_km" validate={money} parse={emptyToNull} inputMode="decimal" />
        <NumberInput source="distance_max_km" min={0} parse={numberOrNull} />
        <NumberInput source="distance_eta_minutes" min={1} />
      </FormRow>
    </Box>
  );
}

function DistanceHelp() {
  return <>{useTranslate()('admin.places.distance_help')}</>;
}

function SalesFields() {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', maxWidth: 960 }}>
      <CheckboxGroupInput
        source="payment_methods"
        choices={PLACE_PAYMENT_METHODS.map((id) => ({ id, name: translate(`admin.places.payment.${id}`) }))}
        validate={required()}
      />
      <CheckboxGroupInput
        source="shipping_methods"
        choices={SHIPPING_METHODS.map((id) => ({ id, name: translate(`admin.places.shipping.${id}`) }))}
        helperText="admin.places.shipping_help"
      />
    </Box>
  );
}

/** Districts typed with a trailing comma or spaces are sent clean. */
const cleanDistricts = (data: Record<string, unknown>) =>
  Array.isArray(data.delivery_zones)
    ? {
        ...data,
        delivery_zones: (data.delivery_zones as { districts?: string[] }[]).map((zone) => ({
          ...zone,
          districts: (zone.districts ?? []).map((district) => district.trim()).filter(Boolean),
        })),
      }
    : data;

/** A place's details, hours, pickup, delivery areas with fares, payments and shipping, one tab each. */
export function PlaceEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={cleanDistricts}>
      {/* Places are not deleted here: orders and staff keep referring to them. */}
      <TabbedForm
        warnWhenUnsavedChanges
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <TabbedForm.Tab label="admin.places.tabs.details">
          <DetailsFields />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="admin.places.tabs.hours" path="hours">
          <HoursFields />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="admin.places.tabs.pickup" path="pickup">
          <PickupFields />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="admin.places.tabs.delivery" path="delivery">
          <DeliveryFields />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="admin.places.tabs.sales" path="sales">
          <SalesFields />
        </TabbedForm.Tab>
      </TabbedForm>
    </Edit>
  );
}

/** A new place: its details and hours; the rest is edited once it exists (pickup only and cash until then). */
export function PlaceCreate() {
  return (
    <Create redirect="edit" transform={cleanDistricts}>
      <SimpleForm defaultValues={{ opening_hours: [] }}>
        <DetailsFields />
        <HoursFields />
      </SimpleForm>
    </Create>
  );
}
