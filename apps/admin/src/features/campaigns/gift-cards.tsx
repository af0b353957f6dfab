import BlockIcon from '@mui/icons-material/Block';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import {
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  ListItem,
  MenuItem,
  List as MuiList,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Button,
  Confirm,
  Create,
  CreateButton,
  DataTable,
  DateField,
  FunctionField,
  List,
  TextField as RaTextField,
  required,
  SearchInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextInput,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { TextButton } from '../../app/text-button.tsx';
import { api } from '../../lib/api.ts';
import { companyPath } from '../../lib/data-provider.ts';
import { ProgramInput } from './program-input.tsx';
import { usePrograms, useProgramsQuery } from './programs.ts';
import { NoProgram } from './promotions.tsx';

const STATUSES = ['ACTIVE', 'REDEEMED', 'VOIDED'] as const;

function useStatusChoices() {
  const translate = useTranslate();
  return STATUSES.map((id) => ({ id, name: translate(`admin.gift_cards.statuses.${id}`) }));
}

function StatusText() {
  const record = useRecordContext();
  const translate = useTranslate();
  return record ? <span>{translate(`admin.gift_cards.statuses.${record.status}`)}</span> : null;
}

function useFilters() {
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" choices={useStatusChoices()} alwaysOn />,
    <ProgramInput key="program" source="program" />,
  ];
}

const money = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !/^\d{1,7}(\.\d{1,2})?$/.test(String(value).trim())
    ? 'admin.validation.money'
    : undefined;

/** Issues a batch of cards (`POST gift-cards/batch/`) and lists their codes to hand out. */
function BatchButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const programs = usePrograms();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ program: '', amount: '', count: '10', prefix: '' });
  const batch = useMutation({
    mutationFn: async () =>
      (
        await api<{ results: { code: string }[] }>(companyPath('gift-cards', undefined, 'batch'), {
          method: 'POST',
          body: {
            program: form.program || programs[0]?.uid,
            amount: form.amount,
            count: Number(form.count),
            ...(form.prefix ? { prefix: form.prefix } : {}),
          },
        })
      ).json.results,
    onSuccess: (cards) => {
      notify('admin.gift_cards.batch_done', { type: 'success', messageArgs: { count: cards.length } });
      refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const close = () => {
    setOpen(false);
    batch.reset();
  };
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
    fullWidth: true,
    margin: 'dense' as const,
  });
  return (
    <>
      <Button label="admin.gift_cards.batch" onClick={() => setOpen(true)}>
        <LibraryAddIcon />
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="gift-batch-title" fullWidth maxWidth="sm">
        <DialogTitle id="gift-batch-title">{translate('admin.gift_cards.batch')}</DialogTitle>
        <DialogContent>
          {batch.data ? (
            <>
              <Typography>{translate('admin.gift_cards.batch_codes')}</Typography>
              <MuiList dense aria-label={translate('admin.gift_cards.batch_codes')}>
                {batch.data.map((card) => (
                  <ListItem key={card.code} sx={{ fontFamily: 'monospace' }}>
                    {card.code}
                  </ListItem>
                ))}
              </MuiList>
            </>
          ) : (
            <Box
              component="form"
              id="gift-batch-form"
              onSubmit={(event) => {
                event.preventDefault();
                batch.mutate();
              }}
            >
              <TextField
                select
                label={translate('resources.gift-cards.fields.program')}
                {...field('program')}
                value={form.program || programs[0]?.uid || ''}
              >
                {programs.map((p) => (
                  <MenuItem key={p.uid} value={p.uid}>
                    {p.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={translate('resources.gift-cards.fields.amount')}
                required
                {...field('amount')}
                error={Boolean(money(form.amount))}
                inputMode="decimal"
              />
              <TextField
                label={translate('admin.gift_cards.count')}
                type="number"
                required
                {...field('count')}
                slotProps={{ htmlInput: { min: 1, max: 500 } }}
              />
              <TextField
                label={translate('admin.gift_cards.prefix')}
                {...field('prefix')}
                helperText={translate('admin.gift_cards.prefix_help')}
              />
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <TextButton label="ra.action.close" onClick={close} />
          {!batch.data && (
            <TextButton
              label="admin.gift_cards.issue"
              type="submit"
              form="gift-batch-form"
              disabled={batch.isPending}
              variant="contained"
            />
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}

function ListActions() {
  return (
    <TopToolbar>
      <CreateButton label="admin.gift_cards.issue_one" />
      <BatchButton />
    </TopToolbar>
  );
}

/** The company's gift cards: code, amount, status, who loaded it. */
export function GiftCardList() {
  return (
    <List
      filters={useFilters()}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={<ListActions />}
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="code" />
        <DataTable.Col source="amount" align="right" disableSort />
        <DataTable.Col source="status" disableSort render={() => <StatusText />} />
        <DataTable.Col source="created_at" field={DateField} />
        <DataTable.Col source="redeemed_by" disableSort />
      </DataTable>
    </List>
  );
}

/** Voids the card behind a confirmation, with the version it was shown at (a 409 if it changed). */
function VoidButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const voiding = useMutation({
    mutationFn: () =>
      api(companyPath('gift-cards', record?.id, 'void'), {
        method: 'POST',
        headers: { 'If-Match': `"${record?.version}"` },
      }),
    onSuccess: () => {
      notify('admin.gift_cards.voided', { type: 'success' });
      refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  if (record?.status !== 'ACTIVE') return null;
  return (
    <>
      <Button label="admin.gift_cards.void" onClick={() => setOpen(true)} color="error">
        <BlockIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={voiding.isPending}
        title={translate('admin.gift_cards.void_title', { code: record.code })}
        content="admin.gift_cards.void_content"
        onConfirm={() => voiding.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function History() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <MuiList dense aria-label={translate('admin.gift_cards.history')}>
      {(record.history as { at: string; event: string; by: string | null }[]).map((line) => (
        <ListItem key={`${line.event}-${line.at}`}>
          {new Date(line.at).toLocaleString()} — {translate(`admin.gift_cards.events.${line.event}`)}
          {line.by ? ` (${line.by})` : ''}
        </ListItem>
      ))}
    </MuiList>
  );
}

function ShowActions() {
  return (
    <TopToolbar>
      <VoidButton />
    </TopToolbar>
  );
}

export function GiftCardShow() {
  return (
    <Show actions={<ShowActions />}>
      <SimpleShowLayout>
        <RaTextField source="code" />
        <RaTextField source="amount" />
        <FunctionField source="status" render={() => <StatusText />} />
        <RaTextField source="redeemed_by" emptyText="—" />
        <History />
      </SimpleShowLayout>
    </Show>
  );
}

export function GiftCardCreate() {
  const { data: programs } = useProgramsQuery();
  if (!programs) return null;
  if (programs.length === 0) return <NoProgram />;
  return (
    <Create redirect="show">
      <SimpleForm defaultValues={{ program: programs[0]?.uid }}>
        <ProgramInput source="program" validate={required()} />
        <TextInput source="amount" validate={[required(), money]} inputMode="decimal" />
        <TextInput
          source="code"
          helperText="admin.gift_cards.code_help"
          parse={(v: string) => (v === '' ? undefined : v)}
        />
      </SimpleForm>
    </Create>
  );
}
