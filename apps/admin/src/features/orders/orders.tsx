import {
  Box,
  Card,
  CardContent,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { ORDER_STATUSES } from '@storefront/contracts/constants';
import type { MouseEvent, ReactNode } from 'react';
import { useState } from 'react';
import {
  AutocompleteInput,
  Confirm,
  DataTable,
  DateInput,
  Link,
  List,
  type RaRecord,
  ReferenceInput,
  SelectInput,
  Show,
  useDataProvider,
  useLocaleState,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { TextButton } from '../../app/text-button.tsx';
import type { AdminDataProvider } from '../../lib/data-provider.ts';

// The company's orders (issue 17): list with filters, the detail, and the order board's moves, which the
// API lists per order (`moves`, by the order's own state machine).

const STATUSES = ORDER_STATUSES;
const TYPES = ['DELIVERY', 'PICKUP'];
type Move = 'ACCEPTED' | 'SHIPPED' | 'DELIVERED' | 'CANCELED_BY_PLACE';

interface OrderLine {
  uid: string;
  name: string;
  quantity: number;
  price: string;
  option_groups: { uid: string; name: string; options: { uid: string; name: string }[] }[];
}

function useFilters() {
  const translate = useTranslate();
  const choices = (ids: readonly string[], prefix: string) =>
    ids.map((id) => ({ id, name: translate(`${prefix}.${id}`) }));
  return [
    <SelectInput key="status" source="status" choices={choices(STATUSES, 'admin.orders.status')} alwaysOn />,
    <ReferenceInput key="place" source="place" reference="places" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput optionText="name" label="resources.orders.fields.place" />
    </ReferenceInput>,
    <SelectInput key="type" source="type" choices={choices(TYPES, 'admin.orders.types')} />,
    <DateInput key="since" source="since" />,
    <DateInput key="until" source="until" />,
  ];
}

const money = (value: string) => `S/ ${value}`;

function StatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  const done = status === 'DELIVERED';
  const canceled = status.startsWith('CANCELED') || status.startsWith('PAYMENT_');
  return (
    <Chip
      size="small"
      label={translate(`admin.orders.status.${status}`)}
      color={done ? 'success' : canceled ? 'default' : 'primary'}
      variant={done || canceled ? 'outlined' : 'filled'}
    />
  );
}

/** Orders newest first, filtered by status, place, type and a range of days. */
export function OrderList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <List filters={useFilters()} sort={{ field: 'id', order: 'DESC' }} perPage={25} exporter={false}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        {/* A link, so that the keyboard opens an order too (a clickable row is not focusable). */}
        <DataTable.Col
          source="number"
          disableSort
          render={(record) => (
            <Link to={`/orders/${record.id}/show`} onClick={(event: MouseEvent) => event.stopPropagation()}>
              #{record.number}
            </Link>
          )}
        />
        <DataTable.Col
          source="created_at"
          disableSort
          render={(record) => new Date(record.created_at).toLocaleString(locale)}
        />
        <DataTable.Col source="place.name" label="resources.orders.fields.place" disableSort />
        <DataTable.Col
          source="order_type"
          disableSort
          render={(record) => translate(`admin.orders.types.${record.order_type}`)}
        />
        <DataTable.Col source="user_data.full_name" label="resources.orders.fields.customer" disableSort />
        <DataTable.Col source="price" align="right" disableSort render={(record) => money(record.price)} />
        <DataTable.Col
          source="status"
          disableSort
          render={(record) => <StatusChip status={record.status} />}
        />
        <DataTable.Col
          source="payment"
          label="resources.orders.fields.payment"
          disableSort
          render={(record) => <PaymentChip payment={record.payment} />}
        />
      </DataTable>
    </List>
  );
}

/** The order board's moves the order may make now; a cancellation asks first. */
function MoveButtons({ order }: { order: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  const [confirming, setConfirming] = useState(false);
  const move = (status: Move) =>
    update(
      'orders',
      { id: order.id, data: { status }, previousData: order },
      {
        mutationMode: 'pessimistic',
        onSuccess: () =>
          notify('admin.orders.moved', {
            type: 'success',
            messageArgs: { number: order.number, status: translate(`admin.orders.status.${status}`) },
          }),
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  const moves = (order.moves ?? []) as Move[];
  if (moves.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {moves.map((status) => (
        <TextButton
          key={status}
          label={`admin.orders.moves.${status}`}
          variant={status === 'CANCELED_BY_PLACE' ? 'outlined' : 'contained'}
          color={status === 'CANCELED_BY_PLACE' ? 'error' : 'primary'}
          disabled={isPending}
          onClick={() => (status === 'CANCELED_BY_PLACE' ? setConfirming(true) : move(status))}
        />
      ))}
      <Confirm
        isOpen={confirming}
        title="admin.orders.moves.CANCELED_BY_PLACE"
        content="admin.orders.confirm_cancel"
        translateOptions={{ number: order.number }}
        onConfirm={() => {
          setConfirming(false);
          move('CANCELED_BY_PLACE');
        }}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ flex: '1 1 280px' }}>
      <CardContent>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Line({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Typography variant="body2">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:{' '}
      </Box>
      {value || '—'}
    </Typography>
  );
}

interface Payment {
  method: string;
  provider: string | null;
  status: string;
  amount: string;
  reference: string | null;
  card_brand: string | null;
  last4: string | null;
  refunded_amount: string;
  mismatch: { reference: string | null; amount: string; currency: string | null } | null;
}

/** The online payment's state on the list: approved, refund pending, refunded… (none when paid at the door). */
function PaymentChip({ payment }: { payment: Payment | null }) {
  const translate = useTranslate();
  if (!payment) return null;
  const refund = payment.status.startsWith('REFUND');
  return (
    <Chip
      size="small"
      label={translate(`admin.orders.payment_status.${payment.status}`)}
      color={payment.status === 'APPROVED' ? 'success' : refund ? 'warning' : 'default'}
      variant="outlined"
    />
  );
}

/** Who may refund: owners and managers (architecture §10). */
const REFUNDERS = ['owner', 'manager'];

/** Statuses from which the place may still cancel an order (architecture §4). */
const CANCELABLE = ['RECEIVED', 'ACCEPTED'];

/**
 * An approved online payment of an order not yet delivered is refunded through the provider, once,
 * by cancelling the order for the place after a question; its state then shows REFUND_PENDING until
 * the provider confirms.
 */
function RefundButton({ order }: { order: RaRecord }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions } = usePermissions();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  if (
    !REFUNDERS.includes(permissions) ||
    order.payment?.status !== 'APPROVED' ||
    order.payment.method === 'TRANSFER' ||
    !CANCELABLE.includes(order.status)
  )
    return null;
  const refund = async () => {
    setConfirming(false);
    setPending(true);
    try {
      await dataProvider.refund(order.id);
      notify('admin.orders.refund_asked', { type: 'success', messageArgs: { number: order.number } });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <TextButton
        label="admin.orders.refund"
        variant="outlined"
        color="error"
        disabled={pending}
        onClick={() => setConfirming(true)}
      />
      <Confirm
        isOpen={confirming}
        title="admin.orders.refund"
        content="admin.orders.confirm_refund"
        translateOptions={{ number: order.number, amount: money(order.payment.amount) }}
        onConfirm={refund}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/**
 * The online or transfer payment: method, provider, card, state, reference, what was refunded, and a
 * charge naming the order at another amount or currency (it paid nothing; staff look into it).
 */
function PaymentSection({ order }: { order: RaRecord }) {
  const translate = useTranslate();
  const payment = order.payment as Payment | null;
  if (!payment) return null;
  const field = (name: string) => translate(`admin.orders.payment.${name}`);
  return (
    <Section title={field('title')}>
      <Line label={field('method')} value={translate(`admin.orders.payments.${payment.method}`)} />
      <Line
        label={field('provider')}
        value={payment.provider && translate(`admin.payments.providers.${payment.provider}`)}
      />
      <Line label={field('status')} value={<PaymentChip payment={payment} />} />
      <Line label={field('amount')} value={money(payment.amount)} />
      {payment.method === 'ONLINE_CARD' && payment.last4 && (
        <Line label={field('card')} value={`${payment.card_brand ?? ''} •••• ${payment.last4}`} />
      )}
      <Line label={field('reference')} value={payment.reference} />
      {Number(payment.refunded_amount) > 0 && (
        <Line label={field('refunded')} value={money(payment.refunded_amount)} />
      )}
      {payment.mismatch && (
        <Line
          label={field('mismatch')}
          value={`${payment.mismatch.currency ?? '?'} ${payment.mismatch.amount} · ${payment.mismatch.reference ?? ''}`}
        />
      )}
      <Box sx={{ mt: 1 }}>
        <RefundButton order={order} />
      </Box>
    </Section>
  );
}

function OrderDetail() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const order = useRecordContext();
  if (!order) return null;
  const field = (name: string) => translate(`resources.orders.fields.${name}`);
  const at = (iso: string) => new Date(iso).toLocaleString(locale);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h5">
          {translate('admin.orders.number', { number: order.number })}
        </Typography>
        <StatusChip status={order.status} />
        <MoveButtons order={order} />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Section title={translate('admin.orders.order')}>
          <Line label={field('created_at')} value={at(order.created_at)} />
          <Line label={field('place')} value={order.place.name} />
          <Line label={field('order_type')} value={translate(`admin.orders.types.${order.order_type}`)} />
          <Line
            label={field('payment_type')}
            value={translate(`admin.orders.payments.${order.payment_type}`)}
          />
          <Line
            label={field('slot')}
            value={`${order.pickup_date} · ${order.start_time}–${order.end_time}`}
          />
          <Line label={field('comments')} value={order.comments} />
        </Section>
        <PaymentSection order={order} />
        <Section title={field('customer')}>
          <Line label={field('full_name')} value={order.user_data.full_name} />
          <Line label={field('email')} value={order.user_data.email} />
          <Line label={field('contact_number')} value={order.user_data.contact_number} />
          <Line
            label={field('document')}
            value={
              order.user_data.document_number
                ? `${translate(`admin.orders.documents.${order.user_data.document_type}`, { _: order.user_data.document_type ?? '' })} ${order.user_data.document_number}`
                : ''
            }
          />
        </Section>
        {order.order_type === 'DELIVERY' && (
          <Section title={field('address')}>
            <Line label={field('address')} value={order.address} />
            <Line label={field('district')} value={order.district} />
            <Line label={field('reference')} value={order.reference} />
          </Section>
        )}
      </Box>
      <Section title={translate('admin.orders.items')}>
        <Table size="small" aria-label={translate('admin.orders.items')}>
          <TableHead>
            <TableRow>
              <TableCell>{field('product')}</TableCell>
              <TableCell align="right">{field('quantity')}</TableCell>
              <TableCell align="right">{field('price')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(order.products as OrderLine[]).map((line) => (
              // A product twice in one order differs by its options.
              <TableRow
                key={[line.uid, ...line.option_groups.flatMap((g) => g.options.map((o) => o.uid))].join(':')}
              >
                <TableCell>
                  {line.name}
                  {line.option_groups.map((group) => (
                    <Typography key={group.uid} variant="body2" sx={{ color: 'text.secondary' }}>
                      {group.name}: {group.options.map((option) => option.name).join(', ')}
                    </Typography>
                  ))}
                </TableCell>
                <TableCell align="right">{line.quantity}</TableCell>
                <TableCell align="right">{money(line.price)}</TableCell>
              </TableRow>
            ))}
            {(['subtotal', 'delivery_price', 'discount'] as const).map((name) => (
              <TableRow key={name}>
                <TableCell colSpan={2}>{field(name)}</TableCell>
                <TableCell align="right">{money(order[name])}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell colSpan={2} sx={{ fontWeight: 600 }}>
                {field('price')}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {money(order.price)}
              </TableCell>
            </TableRow>
            {order.coins > 0 && (
              <TableRow>
                <TableCell colSpan={2}>{field('coins')}</TableCell>
                <TableCell align="right">{order.coins}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Section>
      <Section title={translate('admin.orders.history')}>
        <Table size="small" aria-label={translate('admin.orders.history')}>
          <TableBody>
            {((order.history ?? []) as { from: string | null; to: string; by: string; at: string }[]).map(
              (step) => (
                <TableRow key={`${step.to}-${step.at}`}>
                  <TableCell>{at(step.at)}</TableCell>
                  <TableCell>{translate(`admin.orders.status.${step.to}`)}</TableCell>
                  <TableCell>{translate(`admin.orders.by.${step.by}`, { _: step.by })}</TableCell>
                </TableRow>
              ),
            )}
          </TableBody>
        </Table>
      </Section>
    </Box>
  );
}

/** One order: what was ordered, by whom, where to, the totals, its status history and moves. */
export function OrderShow() {
  return (
    <Show actions={false}>
      <OrderDetail />
    </Show>
  );
}
