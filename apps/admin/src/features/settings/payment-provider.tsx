import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import { PAYMENT_PROVIDERS } from '@storefront/contracts/payments';
import {
  BooleanInput,
  CanAccess,
  Edit,
  FormDataConsumer,
  Labeled,
  RadioButtonGroupInput,
  required,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { AccessDenied } from '../../app/access-denied.tsx';
import { PictureInput } from '../catalogue/picture-input.tsx';

const NONE = '';

/**
 * A secret as the owner sets it: never shown back (the API answers `••••` and its last 4), so the input
 * starts empty and saying nothing keeps the stored one.
 */
function SecretInput({ name }: { name: 'secret_key' | 'webhook_secret' }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const current = record?.[name] as string | null | undefined;
  return (
    <TextInput
      source={`new_${name}`}
      label={`resources.payment-provider.fields.${name}`}
      type="password"
      autoComplete="new-password"
      helperText={
        current
          ? translate('admin.payments.secret_set', { masked: current })
          : translate('admin.payments.secret_unset')
      }
      inputProps={{ 'data-testid': `new-${name}` }}
    />
  );
}

/** Where the provider posts its events, to paste in its panel, with a button that copies it. */
function EventsUrl() {
  const translate = useTranslate();
  const notify = useNotify();
  const record = useRecordContext();
  const url = record?.events_url as string | null | undefined;
  if (!url) return null;
  return (
    <Labeled label="resources.payment-provider.fields.events_url">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <Typography component="code" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {url}
        </Typography>
        <Tooltip title={translate('admin.payments.copy')}>
          <IconButton
            aria-label={translate('admin.payments.copy')}
            onClick={() =>
              navigator.clipboard
                .writeText(url)
                .then(() => notify('admin.payments.copied', { type: 'info' }))
                .catch(() => notify('admin.payments.copy_failed', { type: 'warning' }))
            }
          >
            <ContentCopyIcon />
          </IconButton>
        </Tooltip>
      </Box>
    </Labeled>
  );
}

/**
 * "Pagos en línea" (owners only): the company's provider (Culqi or Mercado Pago), its keys (the secrets
 * write-only, shown masked), whether it takes payments now, the events address, and the transfer
 * details (Yape, Plin or bank number, holder and QR) that members see when they pay by transfer.
 */
/**
 * Owners only: a manager gets the access-denied screen and the page asks the API for nothing (its
 * record's 404 could otherwise arrive before the access check and redirect over that screen).
 */
export function PaymentProviderPage() {
  return (
    <CanAccess resource="payment-provider" action="edit" accessDenied={<AccessDenied />}>
      <PaymentProviderPageForm />
    </CanAccess>
  );
}

function PaymentProviderPageForm() {
  const translate = useTranslate();
  return (
    <Edit
      resource="payment-provider"
      id="payment-provider"
      redirect={false}
      mutationMode="pessimistic"
      title="admin.payments.title"
    >
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <Typography variant="body2" sx={{ maxWidth: 640 }}>
          {translate('admin.payments.intro')}
        </Typography>
        <RadioButtonGroupInput
          source="provider"
          format={(value) => value ?? NONE}
          parse={(value) => value || null}
          choices={[
            { id: NONE, name: translate('admin.payments.providers.NONE') },
            ...PAYMENT_PROVIDERS.map((id) => ({ id, name: translate(`admin.payments.providers.${id}`) })),
          ]}
        />
        <FormDataConsumer>
          {({ formData }) =>
            formData.provider && (
              <>
                <TextInput source="public_key" validate={required()} autoComplete="off" />
                <SecretInput name="secret_key" />
                <SecretInput name="webhook_secret" />
                <BooleanInput source="enabled" helperText="admin.payments.enabled_help" />
                <EventsUrl />
              </>
            )
          }
        </FormDataConsumer>
        <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
          {translate('admin.payments.transfer')}
        </Typography>
        <BooleanInput source="accepts_transfer" helperText="admin.payments.transfer_help" />
        <FormDataConsumer>
          {({ formData }) =>
            formData.accepts_transfer && (
              <>
                <TextInput source="transfer.channel" validate={required()} helperText="Yape, Plin, BCP…" />
                <TextInput source="transfer.number" validate={required()} />
                <TextInput source="transfer.holder" validate={required()} />
                <PictureInput source="qr_url" upload="qr_upload" label="admin.payments.qr" />
              </>
            )
          }
        </FormDataConsumer>
      </SimpleForm>
    </Edit>
  );
}
