import { AutocompleteInput, Create, ReferenceInput, required, SimpleForm, useTranslate } from 'react-admin';

/** Sells a product at a place that does not sell it yet (unlimited stock until one is set in the list). */
export function AvailabilityCreate() {
  const translate = useTranslate();
  return (
    <Create redirect="list" title={translate('admin.availability.add_place')}>
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
      </SimpleForm>
    </Create>
  );
}
