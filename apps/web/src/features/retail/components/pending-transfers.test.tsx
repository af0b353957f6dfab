import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addTranslations, initI18n } from '../../../lib/i18n.ts';
import { shimDialogs } from '../../../test-support/dialog.ts';
import { orderAnswer } from '../../../test-support/orders.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { PendingTransfers } from './pending-transfers.tsx';

vi.mock('../../../lib/toast.tsx', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/app-context.tsx', () => ({ useAppRecord: () => ({ currency: { symbol: 'S/' } }) }));

const transfer = orderAnswer({}, { reference: 'OP-778899' });
const card = orderAnswer(
  { uid: 'order-2', number: 42, payment_type: 'ONLINE_CARD' },
  { method: 'ONLINE_CARD', provider: 'MERCADO_PAGO' },
);
const writes: { url: string; body: unknown }[] = [];

function renderSection() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PendingTransfers place="place-1" />
    </QueryClientProvider>,
  );
}

describe('pending transfers on the order board', () => {
  beforeAll(async () => {
    await initI18n();
    addTranslations('retail', { es, en });
    shimDialogs();
  });
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (init.method === 'POST') {
          const body = JSON.parse(String(init.body));
          writes.push({ url, body });
          const settled = 'reject' in body ? 'CANCELED_BY_PLACE' : 'RECEIVED';
          return Response.json(orderAnswer({ status: settled }, { status: 'APPROVED' }));
        }
        const pending = new URL(url, 'http://x').searchParams.get('status') === 'PENDING_PAYMENT';
        const results = pending ? [transfer, card] : [];
        return Response.json({ count: results.length, next: null, previous: null, results });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    writes.length = 0;
  });

  it("lists only the place's waiting transfers, with the member's operation number offered", async () => {
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Pagos por confirmar (1)' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Pedido #41' }).textContent).toContain('Ana Pérez');
    expect(screen.queryByRole('article', { name: 'Pedido #42' })).toBeNull();
    expect((screen.getByLabelText('Número de operación') as HTMLInputElement).value).toBe('OP-778899');
  });

  it('confirms with the operation number staff type, and refuses a malformed one without asking', async () => {
    renderSection();
    const input = await screen.findByLabelText('Número de operación');
    fireEvent.change(input, { target: { value: 'a b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar pago' }));
    expect(await screen.findByText('Ingresa el número de operación (4 a 40 letras o números).')).toBeTruthy();
    expect(writes).toHaveLength(0);
    fireEvent.change(input, { target: { value: ' 00123456 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar pago' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      url: '/api/v5/retail/orders/order-1/payment/',
      body: { operation_number: '00123456' },
    });
  });

  it('rejects only after the question is answered yes', async () => {
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Rechazar' }));
    const question = screen.getByRole('alertdialog', { name: '¿Rechazar el pago del pedido #41?' });
    fireEvent.click(screen.getByRole('button', { name: 'No, volver' }));
    expect(question.isConnected).toBe(false);
    expect(writes).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Rechazar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sí, rechazar pago' }));
    await waitFor(() =>
      expect(writes).toEqual([{ url: '/api/v5/retail/orders/order-1/payment/', body: { reject: true } }]),
    );
  });
});
