import {
  Box,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  Confirm,
  DataTable,
  List,
  NullableBooleanInput,
  type RaRecord,
  SearchInput,
  Show,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { TextButton } from '../../app/text-button.tsx';
import { api, isApiError } from '../../lib/api.ts';
import { companyPath } from '../../lib/data-provider.ts';

function BlockedChip({ blocked }: { blocked: boolean }) {
  const translate = useTranslate();
  return blocked ? <Chip color="error" size="small" label={translate('admin.members.blocked')} /> : null;
}

const fullName = (record: RaRecord) => `${record.first_name} ${record.last_name}`.trim();

/** The members of the company's programs: search by e-mail, document or phone. */
export function MemberList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('resources.members.fields.q')}
      sx={{ minWidth: 320 }}
    />,
    <NullableBooleanInput key="blocked" source="blocked" />,
  ];
  return (
    <List filters={filters} sort={{ field: 'joined_at', order: 'DESC' }} perPage={25} exporter={false}>
      <Typography sx={{ px: 2, pt: 1 }} variant="body2">
        {translate('admin.members.search_help')}
      </Typography>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="email" />
        <DataTable.Col source="last_name" render={fullName} />
        <DataTable.Col
          source="document_number"
          disableSort
          render={(record) => record.document_number ?? '—'}
        />
        <DataTable.Col source="mobile_number" disableSort render={(record) => record.mobile_number ?? '—'} />
        <DataTable.Col
          source="blocked"
          disableSort
          render={(record) => <BlockedChip blocked={record.blocked} />}
        />
      </DataTable>
    </List>
  );
}

interface Membership {
  uid: string;
  program: { uid: string; name: string; stamps_required: number };
  coins: number;
  points: number;
  stamps: number;
  balance: string;
  level: { name: string } | null;
  blocked: boolean;
}

function Balances() {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  // The list's row is shown until the member is read: it has no memberships yet.
  const memberships = (record.memberships ?? []) as Membership[];
  return (
    <Table size="small" aria-label={translate('admin.members.balances')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('admin.members.program')}</TableCell>
          <TableCell align="right">{translate('admin.members.coins')}</TableCell>
          <TableCell align="right">{translate('admin.members.points')}</TableCell>
          <TableCell align="right">{translate('admin.members.stamps')}</TableCell>
          <TableCell>{translate('admin.members.level')}</TableCell>
          <TableCell align="right">{translate('admin.members.gift_balance')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {memberships.map((m) => (
          <TableRow key={m.uid} data-testid={`membership-${m.program.uid}`}>
            <TableCell>
              {m.program.name} <BlockedChip blocked={m.blocked} />
            </TableCell>
            <TableCell align="right" data-testid="coins">
              {m.coins}
            </TableCell>
            <TableCell align="right">{m.points}</TableCell>
            <TableCell align="right">
              {m.stamps} / {m.program.stamps_required}
            </TableCell>
            <TableCell>{m.level?.name ?? '—'}</TableCell>
            <TableCell align="right">S/ {m.balance}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

interface LedgerEntry {
  uid: string;
  kind: string;
  amount: number;
  reason: string;
  note: string | null;
  staff: string | null;
  created_at: string;
}

/** The member's ledger, newest first, a page at a time (it grows with every order). */
function Ledger() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const record = useRecordContext();
  const [page, setPage] = useState(0);
  const pageSize = 10;
  const { data } = useQuery({
    queryKey: ['members', record?.id, 'ledger', page, record?.memberships],
    queryFn: async ({ signal }) =>
      (
        await api<{ count: number; results: LedgerEntry[] }>(
          `${companyPath('members', record?.id, 'ledger')}?page=${page + 1}&page_size=${pageSize}`,
          { signal },
        )
      ).json,
    enabled: Boolean(record),
  });
  return (
    <Box component="section" aria-labelledby="ledger-title" sx={{ mt: 3 }}>
      <Typography component="h2" variant="h6" id="ledger-title">
        {translate('admin.members.ledger')}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('admin.members.when')}</TableCell>
            <TableCell>{translate('admin.members.kind')}</TableCell>
            <TableCell align="right">{translate('admin.members.amount')}</TableCell>
            <TableCell>{translate('admin.members.why')}</TableCell>
            <TableCell>{translate('admin.members.by')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(data?.results ?? []).map((entry) => (
            <TableRow key={entry.uid}>
              <TableCell>{new Date(entry.created_at).toLocaleString(locale)}</TableCell>
              <TableCell>{translate(`admin.members.kinds.${entry.kind}`, { _: entry.kind })}</TableCell>
              <TableCell align="right">{entry.amount > 0 ? `+${entry.amount}` : entry.amount}</TableCell>
              <TableCell>
                {translate(`admin.members.reasons.${entry.reason}`, { _: entry.reason })}
                {entry.note ? `: ${entry.note}` : ''}
              </TableCell>
              <TableCell>{entry.staff ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={data?.count ?? 0}
        page={page}
        onPageChange={(_, next) => setPage(next)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[pageSize]}
        labelDisplayedRows={({ from, to, count }) =>
          translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
        }
      />
    </Box>
  );
}

const KINDS = ['coins', 'points', 'stamps'] as const;

/**
 * Adds or takes coins, points or stamps with a required reason: a new ledger entry on the server. One
 * Idempotency-Key per dialog, so a double click or a retry after a lost answer moves the balance once.
 */
function AdjustDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const record = useRecordContext();
  const memberships = (record?.memberships ?? []) as Membership[];
  const [program, setProgram] = useState(memberships[0]?.program.uid ?? '');
  const [kind, setKind] = useState<(typeof KINDS)[number]>('coins');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [key] = useState(() => crypto.randomUUID());
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!/^-?\d+$/.test(amount.trim()) || Number(amount) === 0)
      local.amount = translate('admin.members.amount_help');
    if (reason.trim().length < 3) local.reason = translate('admin.members.reason_required');
    setErrors(local);
    if (Object.keys(local).length > 0 || !record) return;
    setPending(true);
    try {
      await api(companyPath('members', record.id, 'adjustments'), {
        method: 'POST',
        body: { program, kind, amount: Number(amount), reason: reason.trim() },
        headers: { 'Idempotency-Key': key },
      });
      notify('admin.members.adjusted', { type: 'success' });
      refresh();
      onClose();
    } catch (error) {
      if (isApiError(error)) {
        setErrors(error.body.errors);
        notify(error.message, { type: 'error' });
      } else throw error;
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="adjust-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="adjust-title">{translate('admin.members.adjust')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important', minWidth: 360 }}>
          <TextField
            select
            label={translate('admin.members.program')}
            value={program}
            onChange={(e) => setProgram(e.target.value)}
            error={Boolean(errors.program)}
            helperText={errors.program}
          >
            {memberships.map((m) => (
              <MenuItem key={m.program.uid} value={m.program.uid}>
                {m.program.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={translate('admin.members.kind')}
            value={kind}
            onChange={(e) => setKind(e.target.value as (typeof KINDS)[number])}
          >
            {KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {translate(`admin.members.kinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={translate('admin.members.amount')}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            inputMode="numeric"
            required
            error={Boolean(errors.amount)}
            helperText={errors.amount ?? translate('admin.members.amount_help')}
          />
          <TextField
            label={translate('admin.members.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
            multiline
            minRows={2}
            error={Boolean(errors.reason)}
            helperText={errors.reason ?? translate('admin.members.reason_help')}
          />
        </DialogContent>
        <DialogActions>
          <TextButton label="ra.action.cancel" onClick={onClose} />
          <TextButton
            label="admin.members.adjust_save"
            type="submit"
            variant="contained"
            disabled={pending}
          />
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Block or unblock, after a confirmation that says what it means. */
function BlockButton() {
  const record = useRecordContext();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  const blocking = !record.blocked;
  const confirm = () =>
    update(
      'members',
      { id: record.id, data: { blocked: blocking }, previousData: { blocked: record.blocked } },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify(blocking ? 'admin.members.blocked_done' : 'admin.members.unblocked_done', {
            type: 'success',
          });
        },
        onError: (error) => {
          setOpen(false);
          notify((error as Error).message, { type: 'error' });
        },
      },
    );
  return (
    <>
      <TextButton
        label={blocking ? 'admin.members.block' : 'admin.members.unblock'}
        color={blocking ? 'error' : 'primary'}
        variant="outlined"
        onClick={() => setOpen(true)}
      />
      <Confirm
        isOpen={open}
        loading={isPending}
        title={blocking ? 'admin.members.block_title' : 'admin.members.unblock_title'}
        content={blocking ? 'admin.members.block_content' : 'admin.members.unblock_content'}
        translateOptions={{ name: fullName(record) || record.email }}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function MemberDetail() {
  const translate = useTranslate();
  const record = useRecordContext();
  const [adjusting, setAdjusting] = useState(false);
  if (!record) return null;
  return (
    <Box sx={{ p: 2 }}>
      <Typography component="h2" variant="h6">
        {fullName(record) || record.email} <BlockedChip blocked={record.blocked} />
      </Typography>
      <Typography variant="body2">
        {[record.email, record.document_number, record.mobile_number].filter(Boolean).join(' · ')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, my: 2 }}>
        <TextButton label="admin.members.adjust" variant="contained" onClick={() => setAdjusting(true)} />
        <BlockButton />
      </Box>
      <Typography component="h2" variant="h6" sx={{ mt: 1 }}>
        {translate('admin.members.balances')}
      </Typography>
      <Balances />
      <Ledger />
      {adjusting && <AdjustDialog open onClose={() => setAdjusting(false)} />}
    </Box>
  );
}

/** A member: balances in each program, the ledger, adjust a balance, block or unblock. */
export function MemberShow() {
  return (
    <Show>
      <MemberDetail />
    </Show>
  );
}
