import { Box, Typography } from '@mui/material';
import {
  DataTable,
  DateInput,
  List,
  type RaRecord,
  SelectInput,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';

const OBJECT_TYPES = [
  'category',
  'product',
  'availability',
  'place',
  'settings',
  'staff',
  'member',
  'membership',
  'program',
  'promotion',
  'coupon',
  'gift_card',
] as const;

function useFilters() {
  const translate = useTranslate();
  return [
    <SelectInput
      key="object_type"
      source="object_type"
      choices={OBJECT_TYPES.map((id) => ({ id, name: translate(`admin.audit.types.${id}`) }))}
      alwaysOn
    />,
    <DateInput key="since" source="since" />,
    <DateInput key="until" source="until" />,
  ];
}

/** The fields before and after the change, side by side. */
function ChangePanel() {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  const column = (title: string, value: unknown) => (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography component="h2" variant="subtitle2">
        {title}
      </Typography>
      <Box component="pre" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', m: 0, fontSize: 13 }}>
        {value ? JSON.stringify(value, null, 2) : '—'}
      </Box>
    </Box>
  );
  return (
    <Box sx={{ display: 'flex', gap: 3, p: 1 }}>
      {column(translate('admin.audit.before'), record.before)}
      {column(translate('admin.audit.after'), record.after)}
    </Box>
  );
}

const who = (record: RaRecord) =>
  record.user ? `${record.user.first_name} ${record.user.last_name}`.trim() || record.user.email : '—';

/** Every change made on the site (owner only): who, when, which object, the fields before and after. */
export function AuditLogList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <List filters={useFilters()} sort={{ field: 'id', order: 'DESC' }} perPage={25} exporter={false}>
      <DataTable bulkActionButtons={false} rowClick="expand" expand={<ChangePanel />}>
        <DataTable.Col
          source="created_at"
          disableSort
          render={(record) => new Date(record.created_at).toLocaleString(locale)}
        />
        <DataTable.Col source="user" disableSort render={who} />
        <DataTable.Col
          source="action"
          disableSort
          render={(record) => translate(`admin.audit.actions.${record.action}`)}
        />
        <DataTable.Col
          source="object_type"
          disableSort
          render={(record) => translate(`admin.audit.types.${record.object_type}`, { _: record.object_type })}
        />
        {/* Uids run to 50 characters without a space (`place.product`): they break anywhere. */}
        <DataTable.Col source="object_uid" disableSort sx={{ overflowWrap: 'anywhere', minWidth: 120 }} />
      </DataTable>
    </List>
  );
}
