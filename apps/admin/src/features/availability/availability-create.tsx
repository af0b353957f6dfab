import {
  AutocompleteInput,
  Create,
  NumberInput,
  type RaRecord,
  ReferenceInput,
  required,
  SimpleForm,
  useTranslate,
} from 'react-admin';

/** After saving, the list shows that product's places: the new one among them, its stock at hand. */
const productRows = (_resource?: string, _id?: unknown, data?: Partial<RaRecord>) =>
  `availability?${new URLSearchParams({ filter: JSON.stringify({ product: data?.product?.uid }) })}`;

/** Sells a product at a place that does not sell it yet, with a stock (empty: unlimited). */
export function AvailabilityCreate() {
  const translate = useTranslate();
  return (
    <Create redirect={productRows} title={translate('admin.availability.add_place')}>
      <SimpleForm>
        <ReferenceInput source="product" reference="products" sort={{ field: 'title', order: 'ASC' }}>
          <AutocompleteInput
            optionText="title"
            validate={required()}
            label="resources.availability.fields.product"
          />
        </ReferenceInput>
        <ReferenceInput source="place" reference="places" sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput
            optionText={(place) => `${place.name} (${place.city})`}
            validate={required()}
            label="resources.availability.fields.place"
          />
        </ReferenceInput>
        <NumberInput
          source="stock"
          min={0}
          step={1}
          placeholder={translate('admin.availability.unlimited')}
          helperText="admin.availability.stock_help"
        />
      </SimpleForm>
    </Create>
  );
}
