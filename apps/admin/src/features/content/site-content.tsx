import { Typography } from '@mui/material';
import { POLICY_TEXTS } from '@storefront/contracts/admin-content';
import { LANDING_TYPES } from '@storefront/contracts/constants';
import { BooleanInput, Edit, SaveButton, SelectInput, SimpleForm, Toolbar, useTranslate } from 'react-admin';
import { RichTextInput } from './rich-text-input.tsx';

/**
 * The app's policy texts (terms, privacy, FAQs, cookies) with a rich-text editor, and its landing's
 * switch and variant: one object per app, edited from its main company.
 */
export function SiteContentPage() {
  const translate = useTranslate();
  return (
    <Edit
      resource="site-content"
      id="site-content"
      redirect={false}
      mutationMode="pessimistic"
      title="admin.content.title"
    >
      {/* One object per app: saved, never deleted. */}
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <Typography component="h2" variant="h6">
          {translate('admin.content.landing')}
        </Typography>
        <BooleanInput source="landing_page" helperText="admin.content.landing_help" />
        <SelectInput
          source="landing_page_type"
          choices={LANDING_TYPES.map((id) => ({ id, name: `admin.content.variants.${id}` }))}
        />
        {POLICY_TEXTS.map((text) => (
          <RichTextInput key={text} source={text} label={`resources.site-content.fields.${text}`} />
        ))}
      </SimpleForm>
    </Edit>
  );
}
