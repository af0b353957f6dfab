import { Box, Typography } from '@mui/material';
import {
  ADMIN_SIGNIN_METHODS,
  HIDDEN_MODULES,
  LANGUAGES,
  SOCIAL_NETWORKS,
} from '@storefront/contracts/constants';
import {
  BooleanInput,
  CanAccess,
  CheckboxGroupInput,
  Edit,
  FormDataConsumer,
  RadioButtonGroupInput,
  required,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { AccessDenied } from '../../app/access-denied.tsx';
import { PictureInput } from '../catalogue/picture-input.tsx';

const hexColour = (value: unknown) =>
  value && !/^#[0-9A-Fa-f]{6}$/.test(String(value)) ? 'admin.validation.colour' : undefined;
const orNull = (value: string) => value || null;

function Section({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
      {translate(title)}
    </Typography>
  );
}

/** A colour as #RRGGBB with a swatch of it beside the input. */
function ColourInput({ source }: { source: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <TextInput source={source} validate={hexColour} parse={orNull} helperText="#C62828" />
      <FormDataConsumer>{({ formData }) => <Swatch colour={formData[source]} />}</FormDataConsumer>
    </Box>
  );
}

function Swatch({ colour }: { colour: unknown }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 32,
        height: 32,
        borderRadius: 1,
        border: '1px solid #0003',
        bgcolor: typeof colour === 'string' && !hexColour(colour) ? colour : 'transparent',
      }}
    />
  );
}

/** The app's settings: only on its main company's settings (the API refuses them elsewhere). */
function AppSettings() {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record?.is_main) return <Typography sx={{ mt: 2 }}>{translate('admin.settings.not_main')}</Typography>;
  const methods = [...new Set([...ADMIN_SIGNIN_METHODS, ...((record.signin_methods as string[]) ?? [])])];
  return (
    <>
      <Section title="admin.settings.app" />
      <ColourInput source="main_color" />
      <ColourInput source="menu_color" />
      <CheckboxGroupInput
        source="signin_methods"
        choices={methods.map((id) => ({ id, name: translate(`admin.settings.signin.${id}`) }))}
        validate={required()}
      />
      <BooleanInput source="allow_signup" />
      <BooleanInput source="allow_anonymous_navigation" />
      <CheckboxGroupInput
        source="languages"
        choices={LANGUAGES.map((id) => ({ id, name: translate(`admin.settings.language.${id}`) }))}
        validate={required()}
      />
      <RadioButtonGroupInput
        source="language"
        choices={LANGUAGES.map((id) => ({ id, name: translate(`admin.settings.language.${id}`) }))}
      />
    </>
  );
}

/** The company's settings (owners only): branding, contact, hidden modules, and the app's if main. */
/**
 * Owners only: a manager gets the access-denied screen and the page asks the API for nothing (its
 * record's 404 could otherwise arrive before the access check and redirect over that screen).
 */
export function SettingsPage() {
  return (
    <CanAccess resource="settings" action="edit" accessDenied={<AccessDenied />}>
      <SettingsPageForm />
    </CanAccess>
  );
}

function SettingsPageForm() {
  const translate = useTranslate();
  return (
    <Edit
      resource="settings"
      id="settings"
      redirect={false}
      mutationMode="pessimistic"
      title="admin.settings.title"
    >
      {/* One object per company: saved, never deleted (no delete button). */}
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <TextInput source="name" validate={required()} />
        <Section title="admin.settings.branding" />
        <PictureInput source="logo" upload="logo_upload" label="admin.settings.logo" />
        <PictureInput source="banner" upload="banner_upload" label="admin.settings.banner" />
        <Section title="admin.settings.contact" />
        <TextInput source="whatsapp_number" parse={orNull} helperText="+51987654321" />
        {SOCIAL_NETWORKS.map((network) => (
          <TextInput
            key={network}
            source={`social_links.${network}`}
            label={translate('admin.settings.social', {
              network: translate(`admin.settings.networks.${network}`),
            })}
            type="url"
            helperText="https://…"
          />
        ))}
        <CheckboxGroupInput
          source="hidden_for_members"
          choices={HIDDEN_MODULES.map((id) => ({ id, name: translate(`admin.settings.modules.${id}`) }))}
          helperText="admin.settings.hidden_help"
        />
        <AppSettings />
      </SimpleForm>
    </Edit>
  );
}
