import type { Order } from '@storefront/contracts/orders';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addTranslations, initI18n } from '../../../lib/i18n.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { KitchenTicket } from './kitchen-ticket.tsx';
import { OrderCard } from './order-card.tsx';

vi.mock('../../../lib/app-context.tsx', () => ({ useAppRecord: () => ({ currency: { symbol: 'S/' } }) }));

// S/ 10 from the member's gift balance, S/ 13 in cash (issue 28 item 9).
const order: Order = {
  uid: 'o1',
  number: 7,
  status: 'RECEIVED',
  eta_minutes: null,
  place: { uid: 'p1', name: 'Miraflores' },
  company: 'c1',
  order_type: 'PICKUP',
  payment_type: 'CASH',
  pickup_date: '2026-01-10',
  start_time: '12:00',
  end_time: '12:30',
  address: '',
  district: '',
  reference: '',
  latitude: null,
  longitude: null,
  comments: '',
  coupon_code: null,
  influencer_uid: null,
  user_data: {
    full_name: 'Ana Pérez',
    contact_number: '+51987654321',
    email: 'ana@example.pe',
    document_type: 'NATIONAL_ID',
    document_number: '44556677',
  },
  billing: null,
  products: [],
  subtotal: '23.00',
  delivery_price: '0.00',
  discount: '0.00',
  price: '23.00',
  coins: 0,
  extras: [],
  created_at: '2026-01-10T11:00:00.000Z',
  gift_card_amount: '10.00',
  amount_due: '13.00',
  payment: null,
  transfer: null,
};

describe('what the kitchen collects', () => {
  beforeAll(async () => {
    await initI18n();
    addTranslations('retail', { es, en });
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('the card shows the gift balance paid and the amount due in cash, not only the total', () => {
    render(<OrderCard order={order} busy={false} onMove={() => {}} onPrint={() => {}} />);
    const card = screen.getByRole('article', { name: 'Pedido #7' });
    expect(within(card).getByText('Pagado con saldo de regalo').nextSibling?.textContent).toBe('S/ 10.00');
    expect(within(card).getByText('Por cobrar en Efectivo').nextSibling?.textContent).toBe('S/ 13.00');
  });

  it('the printed ticket says the same', () => {
    render(<KitchenTicket order={order} place={{ uid: 'p1', name: 'Miraflores' } as never} />);
    const ticket = screen.getByTestId('kitchen-ticket');
    expect(ticket.textContent).toContain('Pagado con saldo de regalo: S/ 10.00');
    expect(ticket.textContent).toContain('Por cobrar en Efectivo: S/ 13.00');
  });

  it('an order paid whole from the gift balance has nothing to collect', () => {
    render(
      <OrderCard
        order={{ ...order, payment_type: 'GIFT_CARD', gift_card_amount: '23.00', amount_due: '0.00' }}
        busy={false}
        onMove={() => {}}
        onPrint={() => {}}
      />,
    );
    expect(screen.getByText('Pago').nextSibling?.textContent).toBe('Saldo de regalo');
    expect(screen.getByText('Por cobrar').nextSibling?.textContent).toBe('S/ 0.00');
  });
});
