import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addTranslations, changeLanguage, initI18n } from '../../../lib/i18n.ts';
import en from '../locales/checkout/en.json';
import es from '../locales/checkout/es.json';
import type { MercadoPagoInstance, PayerCost } from '../payments/providers.ts';
import { InstallmentsField } from './installments-field.tsx';

// The "Cuotas" choice of a Mercado Pago card. Mercado Pago's script is outside the storefront: here an
// instance whose getInstallments answers as MercadoPago.js documents (a list whose payer_costs carry
// installments and recommended_message), or fails as it does (a rejection with the causes).

const cost = (installments: number): PayerCost => ({
  installments,
  recommended_message: `${installments} ${installments === 1 ? 'cuota' : 'cuotas'} de S/ ${(35.5 / installments).toFixed(2)} (S/ 35.50)`,
});

function mercadoPago(answer: () => Promise<{ payer_costs: PayerCost[] }[]>) {
  const getInstallments = vi.fn(answer);
  return { mp: { getInstallments } as unknown as MercadoPagoInstance, getInstallments };
}

/** The field as the payment step holds it: the chosen number kept beside it. */
function Step({ mp, bin, chosen }: { mp: MercadoPagoInstance; bin: string | null; chosen: number[] }) {
  const [value, setValue] = useState(1);
  return (
    <InstallmentsField
      mp={mp}
      bin={bin}
      cents={3550}
      value={value}
      onChange={(next) => {
        chosen.push(next);
        setValue(next);
      }}
    />
  );
}

const renderStep = (mp: MercadoPagoInstance, bin: string | null, chosen: number[] = []) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Step mp={mp} bin={bin} chosen={chosen} />
    </QueryClientProvider>,
  );

describe('the instalments of a Mercado Pago card', () => {
  beforeAll(async () => {
    await initI18n();
    addTranslations('checkout', { es, en });
  });
  afterEach(async () => {
    cleanup();
    await changeLanguage('es');
  });

  it('asks nothing before the card number has a bin', () => {
    const { mp, getInstallments } = mercadoPago(async () => [{ payer_costs: [1, 3].map(cost) }]);
    renderStep(mp, null);
    expect(getInstallments).not.toHaveBeenCalled();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('says it is looking them up, then offers each in Mercado Pago’s words, one chosen first', async () => {
    let answer: (value: { payer_costs: PayerCost[] }[]) => void = () => {};
    const { mp, getInstallments } = mercadoPago(() => new Promise((resolve) => (answer = resolve)));
    const chosen: number[] = [];
    renderStep(mp, '41111111', chosen);
    expect(screen.getByRole('status').textContent).toBe('Buscando las cuotas de tu tarjeta…');
    expect(getInstallments).toHaveBeenCalledWith({ amount: '35.50', bin: '41111111' });
    answer([{ payer_costs: [12, 1, 6, 3].map(cost) }]);

    const select = (await screen.findByLabelText('Cuotas')) as HTMLSelectElement;
    expect([...select.options].map((option) => [option.value, option.textContent])).toEqual([
      ['1', '1 cuota de S/ 35.50 (S/ 35.50)'],
      ['3', '3 cuotas de S/ 11.83 (S/ 35.50)'],
      ['6', '6 cuotas de S/ 5.92 (S/ 35.50)'],
      ['12', '12 cuotas de S/ 2.96 (S/ 35.50)'],
    ]);
    expect(select.value).toBe('1');
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.change(select, { target: { value: '3' } });
    expect(chosen).toEqual([3]);
    expect(select.value).toBe('3');
  });

  it('shows no choice when the card can only be paid in one', async () => {
    const { mp, getInstallments } = mercadoPago(async () => [{ payer_costs: [cost(1)] }]);
    renderStep(mp, '41111111');
    await vi.waitFor(() => expect(getInstallments).toHaveBeenCalled());
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says clearly when they cannot be had, that the card pays in one, and asks again on retry', async () => {
    let fails = true;
    const { mp, getInstallments } = mercadoPago(async () => {
      if (fails) throw [{ code: 'network_error', message: 'network error' }];
      return [{ payer_costs: [1, 3].map(cost) }];
    });
    renderStep(mp, '41111111');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'No pudimos consultar las cuotas de tu tarjeta; se cobrará en 1 cuota.',
    );
    expect(screen.queryByRole('combobox')).toBeNull();
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByLabelText('Cuotas')).toBeTruthy();
    expect(getInstallments).toHaveBeenCalledTimes(2);
  });

  it('is labelled in English too', async () => {
    await changeLanguage('en');
    const { mp } = mercadoPago(async () => [{ payer_costs: [1, 3].map(cost) }]);
    renderStep(mp, '45000000');
    expect(await screen.findByLabelText('Instalments')).toBeTruthy();
  });
});
