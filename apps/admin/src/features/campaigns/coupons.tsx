import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, IconButton, Link, Stack, Typography } from '@mui/material';
import {
  BooleanField,
  BooleanInput,
  Create,
  DataTable,
  DateField,
  DateTimeInput,
  Edit,
  List,
  NullableBooleanInput,
  NumberInput,
  required,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { FormRow } from '../../app/form-row.tsx';
import { toInstant } from '../../lib/instant.ts';
import { SaveOnly } from './save-only.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="is_active" source="is_active" alwaysOn />,
];

/** The discount as a person reads it: "10 %" or "S/ 5.00". */
const discountText = (record: { discount_type?: string; discount_value?: string }) =>
  record.discount_type === 'PERCENT' ? `${record.discount_value} %` : `S/ ${record.discount_value}`;

/** The company's coupon codes with their uses and the influencer's orders. */
export function CouponList() {
  return (
    <List filters={filters} sort={{ field: 'code', order: 'ASC' }} perPage={25} exporter={false}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="code" />
        <DataTable.Col source="discount_value" disableSort render={discountText} />
        <DataTable.Col source="uses_count" align="right" disableSort />
        <DataTable.Col source="max_uses" align="right" disableSort render={(r) => r.max_uses ?? '∞'} />
        <DataTable.Col source="influencer" disableSort />
        <DataTable.Col source="influencer_orders" align="right" disableSort />
        <DataTable.Col source="valid_until" field={DateField} />
        <DataTable.Col source="is_active" disableSort field={BooleanField} />
      </DataTable>
    </List>
  );
}

/** A link to share, with a button that copies it. */
function ShareLink({ label, url }: { label: string; url: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography component="span" variant="body2" sx={{ minWidth: 140 }}>
        {label}
      </Typography>
      <Link href={url} target="_blank" rel="noreferrer" sx={{ wordBreak: 'break-all' }}>
        {url}
      </Link>
      <IconButton
        aria-label={translate('admin.coupons.copy', { label })}
        onClick={() => navigator.clipboard?.writeText(url).then(() => notify('admin.coupons.copied'))}
      >
        <ContentCopyIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

/** The links to share and what they brought (coupon_uses, and the influencer's orders). */
function CouponLinks() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box component="section" aria-labelledby="coupon-links" sx={{ mb: 2, width: '100%' }}>
      <Typography id="coupon-links" component="h2" variant="subtitle1">
        {translate('admin.coupons.links')}
      </Typography>
      <ShareLink label={translate('admin.coupons.coupon_link')} url={record.link} />
      {record.influencer_link && (
        <ShareLink label={translate('admin.coupons.influencer_link')} url={record.influencer_link} />
      )}
      <Typography variant="body2" data-testid="coupon-uses">
        {translate('admin.coupons.uses', {
          uses: record.uses_count,
          orders: record.influencer_orders,
        })}
      </Typography>
    </Box>
  );
}

function CouponFields() {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', maxWidth: 960 }}>
      <FormRow>
        <TextInput source="code" validate={required()} helperText="admin.coupons.code_help" />
        <TextInput
          source="influencer"
          parse={(v: string) => (v === '' ? null : v)}
          helperText="admin.coupons.influencer_help"
        />
      </FormRow>
      <FormRow>
        <SelectInput
          source="discount_type"
          choices={[
            { id: 'PERCENT', name: translate('admin.coupons.percent') },
            { id: 'AMOUNT', name: translate('admin.coupons.amount') },
          ]}
          validate={required()}
        />
        <TextInput source="discount_value" validate={required()} inputMode="decimal" />
        <TextInput source="minimum_order" inputMode="decimal" />
      </FormRow>
      <FormRow>
        <DateTimeInput source="valid_from" parse={toInstant} />
        <DateTimeInput source="valid_until" parse={toInstant} />
      </FormRow>
      <FormRow>
        <NumberInput source="max_uses" min={1} step={1} helperText="admin.coupons.unlimited" />
        <NumberInput source="per_member_limit" min={1} step={1} helperText="admin.coupons.unlimited" />
        <BooleanInput source="is_active" />
      </FormRow>
    </Box>
  );
}

export function CouponEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm warnWhenUnsavedChanges toolbar={<SaveOnly />}>
        <CouponLinks />
        <CouponFields />
      </SimpleForm>
    </Edit>
  );
}

export function CouponCreate() {
  return (
    <Create redirect="edit">
      <SimpleForm defaultValues={{ discount_type: 'PERCENT', is_active: true, minimum_order: '0' }}>
        <CouponFields />
      </SimpleForm>
    </Create>
  );
}
