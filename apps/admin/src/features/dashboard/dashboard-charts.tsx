import { Box, Card, CardContent, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { AdminDashboard } from '@storefront/contracts/admin-dashboard';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

// The dashboard's charts (@mui/x-charts), a chunk of their own: the figures and tables show first.
// Each chart is an image described by its heading; its numbers are in the table below it.

const HEIGHT = 260;

function ChartCard({ title, empty, children }: { title: string; empty?: boolean; children: ReactNode }) {
  const translate = useTranslate();
  if (empty)
    return (
      <Card variant="outlined" sx={{ minWidth: 0 }}>
        <CardContent>
          <Typography component="h3" variant="subtitle1" gutterBottom>
            {translate(title)}
          </Typography>
          <Typography variant="body2">{translate('admin.dashboard.none')}</Typography>
        </CardContent>
      </Card>
    );
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography component="h3" variant="subtitle1" gutterBottom>
          {translate(title)}
        </Typography>
        <Box role="img" aria-label={translate(title)} sx={{ width: '100%', minWidth: 0 }}>
          {children}
        </Box>
      </CardContent>
    </Card>
  );
}

export function DashboardCharts({ data }: { data: AdminDashboard }) {
  const translate = useTranslate();
  const soles = (value: number | null) => (value === null ? '' : `S/ ${value.toFixed(2)}`);
  const orderType = (value: string) => translate(`admin.orders.types.${value}`, { _: value });
  const payment = (value: string) =>
    translate(`admin.orders.payments.${value}`, {
      _: translate(`admin.dashboard.payments.${value}`, { _: value }),
    });
  const top = data.top_products.by_units;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <ChartCard
        title="admin.dashboard.charts.sales_per_day"
        empty={data.sales_per_day.every((d) => Number(d.amount) === 0)}
      >
        <LineChart
          height={HEIGHT}
          xAxis={[{ scaleType: 'point', data: data.sales_per_day.map((d) => d.date.slice(5)) }]}
          // Room for a month's sales in soles ("125,000") without an ellipsis.
          yAxis={[{ width: 64 }]}
          series={[
            {
              data: data.sales_per_day.map((d) => Number(d.amount)),
              label: translate('admin.dashboard.sales'),
              valueFormatter: soles,
              showMark: data.sales_per_day.length <= 31,
            },
          ]}
        />
      </ChartCard>
      <ChartCard title="admin.dashboard.charts.orders_by_type_payment" empty={data.by_type.length === 0}>
        <BarChart
          height={HEIGHT}
          xAxis={[
            {
              scaleType: 'band',
              data: [
                ...data.by_type.map((d) => orderType(d.order_type)),
                ...data.by_payment.map((d) => payment(d.payment_type)),
              ],
            },
          ]}
          series={[
            {
              data: [...data.by_type.map((d) => d.orders), ...data.by_payment.map((d) => d.orders)],
              label: translate('admin.dashboard.orders'),
            },
          ]}
        />
      </ChartCard>
      <ChartCard title="admin.dashboard.charts.top_products" empty={top.length === 0}>
        <BarChart
          height={Math.max(HEIGHT, top.length * 28)}
          layout="horizontal"
          yAxis={[{ scaleType: 'band', data: top.map((p) => p.name), width: 120 }]}
          series={[{ data: top.map((p) => p.units), label: translate('admin.dashboard.units') }]}
        />
      </ChartCard>
      <ChartCard title="admin.dashboard.charts.loyalty" empty={data.programs.length === 0}>
        <BarChart
          height={HEIGHT}
          xAxis={[
            {
              scaleType: 'band',
              data: data.programs.flatMap((p) => [
                `${p.name} · ${translate('admin.dashboard.coins')}`,
                `${p.name} · ${translate('admin.dashboard.points')}`,
              ]),
            },
          ]}
          series={[
            {
              data: data.programs.flatMap((p) => [p.coins.issued, p.points.issued]),
              label: translate('admin.dashboard.issued'),
            },
            {
              data: data.programs.flatMap((p) => [p.coins.spent, p.points.spent]),
              label: translate('admin.dashboard.spent'),
            },
          ]}
        />
      </ChartCard>
    </Box>
  );
}
