import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import '../i18n.ts';
import { DeliveryTime } from './delivery-time.tsx';

// Issue 30 item 5: the order page's delivery time, counted from when the shop accepts.

const accepted = new Date(Date.now() - 10 * 60_000);
const history = [
  { from: null, to: 'RECEIVED', by: 'MEMBER', at: new Date(accepted.getTime() - 60_000).toISOString() },
  { from: 'RECEIVED', to: 'ACCEPTED', by: 'STAFF', at: accepted.toISOString() },
];
const render_ = (order: Parameters<typeof DeliveryTime>[0]['order']) =>
  render(
    <dl>
      <DeliveryTime order={order} />
    </dl>,
  );

describe('the delivery time of an order', () => {
  beforeAll(() => initI18n());
  afterEach(cleanup);

  it('counts the minutes from the acceptance while the shop has not accepted yet', () => {
    render_({ eta_minutes: 40, status: 'RECEIVED', history: history.slice(0, 1) });
    expect(screen.getByTestId('order-eta').textContent).toBe(
      'Llega en ~40 min desde que la tienda acepte tu pedido',
    );
  });

  it('gives the time it should arrive once accepted: the acceptance plus the minutes', () => {
    render_({ eta_minutes: 40, status: 'SHIPPED', history });
    const by = new Date(accepted.getTime() + 40 * 60_000);
    const time = new Intl.DateTimeFormat('es', { hour: '2-digit', minute: '2-digit' }).format(by);
    expect(screen.getByTestId('order-eta').textContent).toBe(
      `Llega hacia las ${time} (~40 min desde que la tienda lo aceptó)`,
    );
  });

  it('says nothing for a pickup, or an order delivered or canceled', () => {
    render_({ eta_minutes: null, status: 'RECEIVED', history });
    render_({ eta_minutes: 40, status: 'DELIVERED', history });
    render_({ eta_minutes: 40, status: 'CANCELED_BY_PLACE', history });
    expect(screen.queryByTestId('order-eta')).toBeNull();
  });
});
