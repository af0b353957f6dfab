import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { orderAnswer } from '../../../test-support/orders.ts';
import '../i18n.ts';
import { OrderPaymentSection, PaymentBadge } from './order-payment.tsx';

vi.mock('../../../lib/toast.tsx', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/app-context.tsx', () => ({ useAppRecord: () => ({ currency: { symbol: 'S/' } }) }));

const posted: { url: string; body: unknown }[] = [];
const renderWith = (ui: React.ReactElement) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  );

describe("an order's online payment", () => {
  beforeAll(() => initI18n());
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body));
        posted.push({ url, body });
        return Response.json(orderAnswer({}, { reference: body.operation_number }));
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    posted.length = 0;
  });

  it("waits for a transfer: the shop's channel, number and holder, then the member's operation number", async () => {
    renderWith(<OrderPaymentSection order={orderAnswer()} />);
    expect(screen.getByRole('status').textContent).toContain('Esperando el pago');
    expect(screen.getByTestId('transfer-number').textContent).toBe('987 111 222');
    expect(screen.getByText('Café Demo SAC')).toBeTruthy();
    const field = screen.getByLabelText('Número de operación');
    fireEvent.change(field, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar número de operación' }));
    expect(await screen.findByText('Ingresa el número de operación (4 a 40 letras o números).')).toBeTruthy();
    expect(posted).toHaveLength(0);
    fireEvent.change(field, { target: { value: '00123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar número de operación' }));
    await waitFor(() =>
      expect(posted).toEqual([
        { url: '/api/v5/me/orders/order-1/payment/', body: { operation_number: '00123456' } },
      ]),
    );
  });

  it('says the shop is checking a number already sent, with no form', () => {
    renderWith(<OrderPaymentSection order={orderAnswer({}, { reference: 'OP-1234' })} />);
    expect(
      screen.getByText('Enviaste el número de operación OP-1234. La tienda lo está revisando.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Número de operación')).toBeNull();
  });

  it('shows a card payment approved, then its refund on its way and done', () => {
    const paid = orderAnswer(
      { status: 'CANCELED_BY_USER', payment_type: 'ONLINE_CARD', transfer: null },
      {
        method: 'ONLINE_CARD',
        provider: 'CULQI',
        status: 'REFUND_PENDING',
        card_brand: 'Visa',
        last4: '1111',
      },
    );
    renderWith(<OrderPaymentSection order={paid} />);
    expect(screen.getByText('Tarjeta de crédito o débito · Visa •••• 1111')).toBeTruthy();
    expect(screen.getByTestId('payment-status').textContent).toBe('Reembolso en curso');
    expect(screen.queryByRole('status')).toBeNull();
    cleanup();
    renderWith(<PaymentBadge payment={orderAnswer({}, { status: 'REFUNDED' }).payment} />);
    expect(screen.getByText('Reembolsado')).toBeTruthy();
  });

  it('names no card for Yape, even when the provider answers one', () => {
    const yape = orderAnswer(
      { status: 'RECEIVED', payment_type: 'YAPE', transfer: null },
      { method: 'YAPE', provider: 'CULQI', status: 'APPROVED', card_brand: 'Visa', last4: '1111' },
    );
    renderWith(<OrderPaymentSection order={yape} />);
    expect(screen.getByText('Yape')).toBeTruthy();
    expect(screen.queryByText(/1111/)).toBeNull();
  });

  it("shows the issuer's 3DS challenge in a frame, its creq posted there", () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const challenged = orderAnswer(
      { payment_type: 'ONLINE_CARD', transfer: null },
      {
        method: 'ONLINE_CARD',
        provider: 'MERCADO_PAGO',
        action: { type: 'CHALLENGE', url: 'https://acs.bank.test/challenge', creq: 'eyJjcmVxIjoxfQ' },
      },
    );
    const { container } = renderWith(<OrderPaymentSection order={challenged} />);
    const frame = screen.getByTitle('Verificación de tu banco') as HTMLIFrameElement;
    const form = container.querySelector('form') as HTMLFormElement;
    expect(form.action).toBe('https://acs.bank.test/challenge');
    expect(form.target).toBe(frame.name);
    expect((form.elements.namedItem('creq') as HTMLInputElement).value).toBe('eyJjcmVxIjoxfQ');
    expect(submit).toHaveBeenCalledTimes(1);
    submit.mockRestore();
  });
});
