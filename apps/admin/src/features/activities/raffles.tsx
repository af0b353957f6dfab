import CasinoIcon from '@mui/icons-material/Casino';
import {
  Box,
  Card,
  CardContent,
  Chip,
  ListItem,
  List as MuiList,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { AdminRaffleDraw, AdminRaffleRegistration } from '@storefront/contracts/admin-activities';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ArrayInput,
  BooleanInput,
  Button,
  Confirm,
  Create,
  DataTable,
  DateField,
  DateInput,
  DateTimeInput,
  Edit,
  List,
  NullableBooleanInput,
  NumberInput,
  required,
  SearchInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { FormRow } from '../../app/form-row.tsx';
import { api } from '../../lib/api.ts';
import { companyPath } from '../../lib/data-provider.ts';
import { toInstant } from '../../lib/instant.ts';
import { ProgramInput } from '../campaigns/program-input.tsx';
import { useProgramsQuery } from '../campaigns/programs.ts';
import { NoProgram } from '../campaigns/promotions.tsx';
import { SaveOnly } from '../campaigns/save-only.tsx';
import { PictureInput } from '../catalogue/picture-input.tsx';

function useFilters() {
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <NullableBooleanInput key="drawn" source="drawn" alwaysOn />,
    <ProgramInput key="program" source="program" />,
  ];
}

/** The programs' raffles: closing date, members registered, winners drawn or not. */
export function RaffleList() {
  return (
    <List filters={useFilters()} sort={{ field: 'ends_at', order: 'DESC' }} perPage={25} exporter={false}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="title" />
        <DataTable.Col source="ends_at" field={DateField} />
        <DataTable.Col source="registrations" align="right" disableSort />
        <DataTable.Col source="winners_count" align="right" disableSort />
        <DataTable.Col source="drawn" disableSort render={(r) => <DrawnChip drawn={r.draw !== null} />} />
      </DataTable>
    </List>
  );
}

function DrawnChip({ drawn }: { drawn: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant={drawn ? 'filled' : 'outlined'}
      label={translate(drawn ? 'admin.raffles.drawn' : 'admin.raffles.not_drawn')}
    />
  );
}

/** Terms, dates, the fields members answer when they register, and how many win. */
function RaffleFields({ creating, drawn }: { creating?: boolean; drawn?: boolean }) {
  return (
    <Box sx={{ width: '100%', maxWidth: 760 }}>
      <ProgramInput source="program" validate={required()} disabled={!creating} />
      <TextInput source="title" validate={required()} />
      <TextInput source="prize" />
      <TextInput source="description" multiline minRows={2} />
      <TextInput source="terms" multiline minRows={3} />
      <PictureInput />
      <FormRow>
        <DateTimeInput source="starts_at" parse={toInstant} readOnly={drawn} />
        <DateTimeInput
          source="ends_at"
          parse={toInstant}
          readOnly={drawn}
          helperText={drawn ? false : 'admin.raffles.ends_help'}
        />
        <DateInput source="draw_date" />
        <NumberInput source="winners_count" min={1} step={1} validate={required()} readOnly={drawn} />
      </FormRow>
      <ArrayInput source="fields" helperText="admin.raffles.fields_help">
        <SimpleFormIterator inline disableReordering disableAdd={drawn} disableRemove={drawn}>
          <TextInput
            source="label"
            label="admin.raffles.field_label"
            validate={required()}
            helperText={false}
          />
          <TextInput
            source="name"
            label="admin.raffles.field_name"
            validate={required()}
            helperText="admin.raffles.field_name_help"
          />
          <BooleanInput
            source="required"
            label="admin.raffles.field_required"
            defaultValue
            helperText={false}
          />
        </SimpleFormIterator>
      </ArrayInput>
    </Box>
  );
}

const registrationsKey = (uid: unknown) => [
  'admin',
  'raffle-registrations',
  companyPath('raffles', String(uid)),
];

/** Draws the winners behind a confirmation; the draw cannot be undone or repeated. */
function DrawButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queries = useQueryClient();
  const [open, setOpen] = useState(false);
  const draw = useMutation({
    mutationFn: () => api<AdminRaffleDraw>(companyPath('raffles', record?.id, 'draw'), { method: 'POST' }),
    onSuccess: () => {
      notify('admin.raffles.draw_done', { type: 'success' });
      queries.invalidateQueries({ queryKey: registrationsKey(record?.id) });
      refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  if (!record || record.draw) return null;
  return (
    <>
      <Button label="admin.raffles.draw" onClick={() => setOpen(true)} variant="contained">
        <CasinoIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={draw.isPending}
        title={translate('admin.raffles.draw_title', { title: record.title })}
        content={translate('admin.raffles.draw_content', {
          winners: record.winners_count,
          registrations: record.registrations,
        })}
        onConfirm={() => draw.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** The winners, and what anyone needs to re-check the draw (its seed, list and algorithm). */
function DrawRecord({ draw }: { draw: AdminRaffleDraw }) {
  const translate = useTranslate();
  return (
    <>
      <Typography component="h3" variant="subtitle1" id="raffle-winners">
        {translate('admin.raffles.winners')}
      </Typography>
      <MuiList dense aria-labelledby="raffle-winners" component="ol">
        {draw.winners.map((winner, i) => (
          <ListItem key={winner.registration}>
            {i + 1}. {`${winner.first_name} ${winner.last_name}`.trim()} — {winner.email}
          </ListItem>
        ))}
      </MuiList>
      <Typography component="h3" variant="subtitle1">
        {translate('admin.raffles.check')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('admin.raffles.check_help', {
          date: new Date(draw.drawn_at).toLocaleString(),
          registrations: draw.registrations.length,
        })}
      </Typography>
      <Box
        component="dl"
        sx={{ fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all', '& dt': { fontWeight: 600 } }}
      >
        <dt>{translate('admin.raffles.algorithm')}</dt>
        <dd data-testid="draw-algorithm">{draw.algorithm}</dd>
        <dt>{translate('admin.raffles.seed')}</dt>
        <dd data-testid="draw-seed">{draw.seed}</dd>
        <dt>{translate('admin.raffles.draw_code')}</dt>
        <dd>{draw.uid}</dd>
      </Box>
    </>
  );
}

/** The members registered, with their answers; the winners marked once drawn. */
function Registrations() {
  const record = useRecordContext();
  const translate = useTranslate();
  const registrations = useQuery({
    queryKey: registrationsKey(record?.id),
    queryFn: async () =>
      (
        await api<{ count: number; results: AdminRaffleRegistration[] }>(
          `${companyPath('raffles', record?.id, 'registrations')}?page_size=100`,
        )
      ).json,
    enabled: Boolean(record?.id),
  });
  const fields = (record?.fields ?? []) as { name: string; label: string }[];
  if (!registrations.data) return null;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Typography component="h3" variant="subtitle1" id="raffle-registrations">
        {translate('admin.raffles.registrations', { count: registrations.data.count })}
      </Typography>
      <Table size="small" aria-labelledby="raffle-registrations">
        <TableHead>
          <TableRow>
            <TableCell>{translate('admin.raffles.member')}</TableCell>
            {fields.map((field) => (
              <TableCell key={field.name}>{field.label}</TableCell>
            ))}
            <TableCell>{translate('admin.raffles.registered_at')}</TableCell>
            <TableCell>{translate('admin.raffles.result')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {registrations.data.results.map((row) => (
            <TableRow key={row.uid}>
              <TableCell>
                {`${row.first_name} ${row.last_name}`.trim()} ({row.email})
              </TableCell>
              {fields.map((field) => (
                <TableCell key={field.name}>{String(row.data[field.name] ?? '')}</TableCell>
              ))}
              <TableCell>{new Date(row.created_at).toLocaleString()}</TableCell>
              <TableCell>{row.winner ? translate('admin.raffles.winner') : ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function DrawPanel() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Card variant="outlined" sx={{ m: 2 }} component="section" aria-labelledby="raffle-draw-title">
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography component="h2" variant="h6" id="raffle-draw-title">
          {translate('admin.raffles.draw_section')}
        </Typography>
        {record.draw ? (
          <DrawRecord draw={record.draw as AdminRaffleDraw} />
        ) : (
          <>
            <Typography variant="body2">{translate('admin.raffles.draw_help')}</Typography>
            <Box>
              <DrawButton />
            </Box>
          </>
        )}
        <Registrations />
      </CardContent>
    </Card>
  );
}

function RaffleForm() {
  const record = useRecordContext();
  return (
    <SimpleForm warnWhenUnsavedChanges toolbar={<SaveOnly />}>
      <RaffleFields drawn={Boolean(record?.draw)} />
    </SimpleForm>
  );
}

/** Saved, the raffle stays open: closing its registrations comes right before drawing. */
export function RaffleEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false}>
      <RaffleForm />
      <DrawPanel />
    </Edit>
  );
}

export function RaffleCreate() {
  const { data: programs } = useProgramsQuery();
  if (!programs) return null;
  if (programs.length === 0) return <NoProgram />;
  return (
    <Create redirect="edit">
      <SimpleForm defaultValues={{ program: programs[0]?.uid, winners_count: 1, fields: [] }}>
        <RaffleFields creating />
      </SimpleForm>
    </Create>
  );
}
