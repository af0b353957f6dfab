import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  ButtonGroup,
  Card,
  CardContent,
  LinearProgress,
  MenuItem,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { AdminDashboard, DashboardTable } from '@storefront/contracts/admin-dashboard';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Title, useGetList, useNotify, useTranslate } from 'react-admin';
import { api, downloadFile } from '../../lib/api.ts';
import { companyPath } from '../../lib/data-provider.ts';
import { session } from '../../lib/session.ts';

// The owner's numbers (issue 18, decision 023): a range of days and a place, the figures, the charts
// (their own lazy chunk) and every table, each downloadable as CSV or XLSX.

const DashboardCharts = lazy(() =>
  import('./dashboard-charts.tsx').then((m) => ({ default: m.DashboardCharts })),
);

interface Filters {
  from?: string;
  to?: string;
  place?: string;
}

const DAY_MS = 86_400_000;
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
const money = (value: string) => `S/ ${value}`;

const queryOf = (filters: Filters) =>
  new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as [string, string][]).toString();

function useDashboard(filters: Filters) {
  return useQuery({
    queryKey: ['admin', 'dashboard', session.companyUid(), filters],
    queryFn: async () => (await api<AdminDashboard>(`${companyPath('dashboard')}?${queryOf(filters)}`)).json,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

function ExportButtons({
  table,
  filters,
  label,
}: {
  table: DashboardTable;
  filters: Filters;
  label: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const download = (format: 'csv' | 'xlsx') =>
    downloadFile(
      `${companyPath('dashboard', undefined, 'export')}?${queryOf({ ...filters })}&table=${table}&format=${format}`,
      `${table}.${format}`,
    ).catch((error: Error) => notify(error.message, { type: 'error' }));
  return (
    <ButtonGroup
      size="small"
      variant="outlined"
      aria-label={translate('admin.dashboard.export', { table: label })}
    >
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          startIcon={<DownloadIcon />}
          onClick={() => download(format)}
          aria-label={translate(`admin.dashboard.export_${format}`, { table: label })}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    </ButtonGroup>
  );
}

interface Column<Row> {
  label: string;
  value: (row: Row) => ReactNode;
  numeric?: boolean;
}

/** A table of the dashboard with its title and downloads; "nothing in these days" when empty. */
function FigureTable<Row>({
  title,
  table,
  filters,
  columns,
  rows,
  note,
}: {
  title: string;
  table: DashboardTable;
  filters: Filters;
  columns: Column<Row>[];
  rows: Row[];
  /** How to read the table, under it. */
  note?: string;
}) {
  const translate = useTranslate();
  const label = translate(title);
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
          <Typography component="h3" variant="subtitle1" sx={{ flexGrow: 1 }}>
            {label}
          </Typography>
          <ExportButtons table={table} filters={filters} label={label} />
        </Box>
        {rows.length === 0 ? (
          <Typography variant="body2">{translate('admin.dashboard.none')}</Typography>
        ) : (
          // A wide table scrolls in its own region, which a keyboard reaches too.
          <Box role="region" aria-label={label} tabIndex={0} sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={label}>
              <TableHead>
                <TableRow>
                  {columns.map((c) => (
                    <TableCell key={c.label} align={c.numeric ? 'right' : 'left'}>
                      {translate(c.label)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the answer's, in its order
                  <TableRow key={i}>
                    {columns.map((c) => (
                      <TableCell key={c.label} align={c.numeric ? 'right' : 'left'}>
                        {c.value(row)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        {note && rows.length > 0 && (
          <Typography variant="caption" component="p" sx={{ mt: 1 }}>
            {translate(note)}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function Figure({ label, value, detail }: { label: string; value: ReactNode; detail?: string }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" component="h3">
          {translate(label)}
        </Typography>
        <Typography variant="h5" component="p" data-testid={`figure-${label.split('.').at(-1)}`}>
          {value}
        </Typography>
        {detail && <Typography variant="body2">{detail}</Typography>}
      </CardContent>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

const grid = (min: number) => ({
  display: 'grid',
  gap: 2,
  gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${min}px), 1fr))`,
});

function FilterBar({
  filters,
  data,
  onChange,
}: {
  filters: Filters;
  data: AdminDashboard | undefined;
  onChange: (next: Filters) => void;
}) {
  const translate = useTranslate();
  const places = useGetList('places', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const today = data ? todayIn(data.time_zone) : undefined;
  const quick = (days: number) => today && onChange({ ...filters, from: shift(today, 1 - days), to: today });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mt: 2 }}>
      <TextField
        type="date"
        size="small"
        label={translate('admin.dashboard.from')}
        value={filters.from ?? data?.from ?? ''}
        onChange={(event) =>
          event.target.value && onChange({ ...filters, from: event.target.value, to: filters.to ?? data?.to })
        }
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: 170 }}
      />
      <TextField
        type="date"
        size="small"
        label={translate('admin.dashboard.to')}
        value={filters.to ?? data?.to ?? ''}
        onChange={(event) =>
          event.target.value &&
          onChange({ ...filters, to: event.target.value, from: filters.from ?? data?.from })
        }
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: 170 }}
      />
      <TextField
        select
        size="small"
        label={translate('admin.dashboard.place')}
        value={filters.place ?? ''}
        onChange={(event) => onChange({ ...filters, place: event.target.value || undefined })}
        sx={{ width: 220 }}
      >
        <MenuItem value="">{translate('admin.dashboard.all_places')}</MenuItem>
        {(places.data ?? []).map((place) => (
          <MenuItem key={place.id} value={String(place.id)}>
            {place.name}
          </MenuItem>
        ))}
      </TextField>
      <ButtonGroup size="small" aria-label={translate('admin.dashboard.quick')}>
        <Button onClick={() => quick(1)} disabled={!today}>
          {translate('admin.dashboard.today')}
        </Button>
        <Button onClick={() => quick(7)} disabled={!today}>
          {translate('admin.dashboard.last_days', { days: 7 })}
        </Button>
        <Button onClick={() => quick(30)} disabled={!today}>
          {translate('admin.dashboard.last_days', { days: 30 })}
        </Button>
      </ButtonGroup>
    </Box>
  );
}

function Figures({ data, filters }: { data: AdminDashboard; filters: Filters }) {
  const translate = useTranslate();
  const orderType = (value: string) => translate(`admin.orders.types.${value}`, { _: value });
  const payment = (value: string) =>
    translate(`admin.orders.payments.${value}`, {
      _: translate(`admin.dashboard.payments.${value}`, { _: value }),
    });
  const n = (value: number | null) => (value === null ? '—' : value.toLocaleString());
  const byPlace = data.place !== null;
  const empty =
    data.orders.placed === 0 && data.redemptions.length === 0 && data.members.active_members === 0;
  return (
    <>
      <Box sx={{ ...grid(180), mt: 2 }}>
        <Figure label="admin.dashboard.sales" value={money(data.sales.amount)} />
        <Figure
          label="admin.dashboard.orders"
          value={n(data.sales.orders)}
          detail={translate('admin.dashboard.orders_detail', {
            placed: data.orders.placed,
            in_progress: data.orders.in_progress,
            cancelled: data.orders.cancelled,
          })}
        />
        <Figure label="admin.dashboard.average_ticket" value={money(data.sales.average_ticket)} />
        <Figure
          label="admin.dashboard.new_members"
          value={n(data.members.new_members)}
          detail={byPlace ? translate('admin.dashboard.company_only') : undefined}
        />
        <Figure label="admin.dashboard.active_members" value={n(data.members.active_members)} />
      </Box>
      {empty && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate('admin.dashboard.empty')}
        </Alert>
      )}
      <Section title="admin.dashboard.charts.title">
        <Suspense fallback={<Skeleton variant="rectangular" height={260} />}>
          <DashboardCharts data={data} />
        </Suspense>
      </Section>
      <Section title="admin.dashboard.tables">
        <Box sx={grid(320)}>
          <FigureTable
            title="admin.dashboard.summary"
            table="summary"
            filters={filters}
            rows={[
              ['admin.dashboard.sales', money(data.sales.amount)],
              ['admin.dashboard.orders', n(data.sales.orders)],
              ['admin.dashboard.average_ticket', money(data.sales.average_ticket)],
              ['admin.dashboard.placed', n(data.orders.placed)],
              ['admin.dashboard.in_progress', n(data.orders.in_progress)],
              ['admin.dashboard.cancelled', n(data.orders.cancelled)],
              ['admin.dashboard.new_members', n(data.members.new_members)],
              ['admin.dashboard.active_members', n(data.members.active_members)],
            ]}
            columns={[
              { label: 'admin.dashboard.figure', value: (r) => translate(r[0] as string) },
              { label: 'admin.dashboard.value', value: (r) => r[1], numeric: true },
            ]}
          />
          <FigureTable
            title="admin.dashboard.by_type"
            table="orders_by_type"
            filters={filters}
            rows={data.by_type}
            columns={[
              { label: 'admin.dashboard.type', value: (r) => orderType(r.order_type) },
              { label: 'admin.dashboard.orders', value: (r) => n(r.orders), numeric: true },
              { label: 'admin.dashboard.amount', value: (r) => money(r.amount), numeric: true },
            ]}
          />
          <FigureTable
            title="admin.dashboard.by_payment"
            table="orders_by_payment"
            filters={filters}
            rows={data.by_payment}
            note="admin.dashboard.by_payment_note"
            columns={[
              { label: 'admin.dashboard.payment', value: (r) => payment(r.payment_type) },
              { label: 'admin.dashboard.orders', value: (r) => n(r.orders), numeric: true },
              { label: 'admin.dashboard.amount', value: (r) => money(r.amount), numeric: true },
            ]}
          />
          {(['by_units', 'by_amount'] as const).map((key) => (
            <FigureTable
              key={key}
              title={`admin.dashboard.top_${key}`}
              table={`top_products_${key}`}
              filters={filters}
              rows={data.top_products[key]}
              columns={[
                { label: 'admin.dashboard.product', value: (r) => r.name },
                { label: 'admin.dashboard.units', value: (r) => n(r.units), numeric: true },
                { label: 'admin.dashboard.amount', value: (r) => money(r.amount), numeric: true },
              ]}
            />
          ))}
          <FigureTable
            title="admin.dashboard.redemptions"
            table="redemptions"
            filters={filters}
            rows={data.redemptions}
            columns={[
              { label: 'admin.dashboard.promotion', value: (r) => r.title },
              { label: 'admin.dashboard.redeemed', value: (r) => n(r.redeemed), numeric: true },
              { label: 'admin.dashboard.acquired', value: (r) => n(r.acquired), numeric: true },
              { label: 'admin.dashboard.total', value: (r) => n(r.total), numeric: true },
            ]}
          />
        </Box>
        <Box sx={{ mt: 2 }}>
          <FigureTable
            title="admin.dashboard.programs"
            table="programs"
            filters={filters}
            rows={data.programs.flatMap((p) =>
              (['coins', 'points'] as const).map((kind) => ({ program: p, kind, balance: p[kind] })),
            )}
            columns={[
              { label: 'admin.dashboard.program', value: (r) => r.program.name },
              { label: 'admin.dashboard.kind', value: (r) => translate(`admin.dashboard.${r.kind}`) },
              { label: 'admin.dashboard.issued', value: (r) => n(r.balance.issued), numeric: true },
              { label: 'admin.dashboard.spent', value: (r) => n(r.balance.spent), numeric: true },
              { label: 'admin.dashboard.refunded', value: (r) => n(r.balance.refunded), numeric: true },
              { label: 'admin.dashboard.expired', value: (r) => n(r.balance.expired), numeric: true },
              { label: 'admin.dashboard.removed', value: (r) => n(r.balance.removed), numeric: true },
              { label: 'admin.dashboard.outstanding', value: (r) => n(r.balance.outstanding), numeric: true },
              { label: 'admin.dashboard.new_members', value: (r) => n(r.program.new_members), numeric: true },
              {
                label: 'admin.dashboard.active_members',
                value: (r) => n(r.program.active_members),
                numeric: true,
              },
              {
                label: 'admin.dashboard.cards_completed',
                value: (r) => (r.kind === 'coins' ? n(r.program.stamps.cards_completed) : ''),
                numeric: true,
              },
            ]}
          />
        </Box>
        <Box sx={{ mt: 2 }}>
          <FigureTable
            title="admin.dashboard.sales_per_day"
            table="sales_per_day"
            filters={filters}
            rows={data.sales_per_day}
            columns={[
              { label: 'admin.dashboard.date', value: (r) => r.date },
              { label: 'admin.dashboard.orders', value: (r) => n(r.orders), numeric: true },
              { label: 'admin.dashboard.amount', value: (r) => money(r.amount), numeric: true },
            ]}
          />
        </Box>
      </Section>
    </>
  );
}

/** The dashboard screen: the 30 days ending today on the company's clock until the user picks others. */
export function DashboardPage() {
  const translate = useTranslate();
  const [filters, setFilters] = useState<Filters>({});
  const query = useDashboard(filters);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Title title={translate('resources.dashboard.name', { smart_count: 1 })} />
      <FilterBar filters={filters} data={query.data} onChange={setFilters} />
      {query.isFetching && <LinearProgress sx={{ mt: 2 }} aria-label={translate('ra.page.loading')} />}
      {query.error && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {(query.error as Error).message}
        </Alert>
      )}
      {query.isPending && !query.error && (
        <Box sx={{ ...grid(180), mt: 2 }}>
          {[1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} variant="rectangular" height={96} />
          ))}
        </Box>
      )}
      {query.data && (
        <Figures
          data={query.data}
          filters={{ from: query.data.from, to: query.data.to, place: filters.place }}
        />
      )}
    </Box>
  );
}
