import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { shimDialogs } from '../../../test-support/dialog.ts';
import {
  CULQI_API,
  MP_API,
  stubProvider as provider,
  providerRequests as requests,
  runSandboxScript as runScript,
  shimSameOriginMessages,
} from '../../../test-support/payment-sandbox.ts';
import {
  culqi3dsParameters,
  culqiToken,
  installmentOptions,
  type MercadoPagoInstance,
  mercadoPagoToken,
  TokenError,
} from './providers.ts';

// The sandbox's stand-in browser scripts run as the browser runs them, with the checkout's side of each.

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });

beforeAll(shimDialogs);
afterEach(() => {
  vi.unstubAllGlobals();
  requests.length = 0;
  document.body.innerHTML = '';
});

describe('Culqi 3DS stand-in', () => {
  beforeAll(() => {
    shimSameOriginMessages();
    runScript('culqi-3ds.js');
  });
  const check = { tokenId: 'tkn_test_3220', cents: 3550, email: 'ana@demo.pe' };
  const parameters3DS = {
    eci: '05',
    xid: 'eGlkLXRlc3Q=',
    cavv: 'Y2F2di10ZXN0',
    protocolVersion: '2.2.0',
    directoryServerTransactionId: '9f1c1b2e-0c49-4a3e-8a53-1d6f0c0e3b11',
  };

  it('answers the parameters its bank check posts to the page, asked with the token and the public key', async () => {
    provider(() => ({ status: 201, body: { object: '3ds_authentication', parameters3DS } }));
    const answer = culqi3dsParameters('pk_test_demo1234', check);
    const dialog = screen.getByRole('dialog', { name: 'Verificación de tu banco' });
    expect(dialog.textContent).toMatch(/S\/\s35\.50/);
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar compra' }));
    await expect(answer).resolves.toEqual(parameters3DS);
    expect(requests[0]?.url).toBe(`${CULQI_API}/3ds/authentications`);
    expect((requests[0]?.init.headers as Record<string, string> | undefined)?.Authorization).toBe(
      'Bearer pk_test_demo1234',
    );
    expect(JSON.parse(String(requests[0]?.init.body))).toMatchObject({
      token_id: 'tkn_test_3220',
      email: 'ana@demo.pe',
      amount: 3550,
      currency: 'PEN',
    });
  });

  it('a refusal of the bank is a TokenError with its words; closing the window answers null', async () => {
    provider(() => ({
      status: 400,
      body: { object: 'error', user_message: 'Tu banco no autenticó la tarjeta.' },
    }));
    const refused = culqi3dsParameters('pk_test_demo1234', check);
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar compra' }));
    await expect(refused).rejects.toEqual(new TokenError('Tu banco no autenticó la tarjeta.'));
    await expect(refused.catch((error: TokenError) => error.userMessage)).resolves.toBe(
      'Tu banco no autenticó la tarjeta.',
    );

    const closed = culqi3dsParameters('pk_test_demo1234', check);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await expect(closed).resolves.toBeNull();
  });

  it('ignores messages from other origins and refuses parameters of the wrong shape', async () => {
    const answer = culqi3dsParameters('pk_test_demo1234', check);
    window.dispatchEvent(
      new MessageEvent('message', { data: { parameters3DS }, origin: 'https://evil.test' }),
    );
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { parameters3DS: { ...parameters3DS, eci: 'five' } },
        origin: window.location.origin,
      }),
    );
    await expect(answer).rejects.toBeInstanceOf(TokenError);
  });
});

describe('Culqi Checkout stand-in', () => {
  beforeAll(() => runScript('culqi-checkout.js'));
  const payment = { title: 'Café Demo', cents: 3550, language: 'es' as const };

  it('turns a card typed in its own modal into a token from the API beside it, with the public key', async () => {
    provider((_url, body) => ({
      status: 201,
      body: { object: 'token', id: 'tkn_test_abc', email: body.email, card_number: '411111******1111' },
    }));
    const token = culqiToken('pk_test_demo1234', { method: 'ONLINE_CARD', ...payment });
    const dialog = screen.getByRole('dialog', { name: 'Café Demo' });
    expect(dialog.textContent).toMatch(/S\/\s35\.50/);
    type('Correo electrónico', 'ana@demo.pe');
    type('Número de tarjeta', '4111 1111 1111 1111');
    type('Vencimiento (MM/AA)', '09/31');
    type('CVV', '123');
    fireEvent.click(screen.getByRole('button', { name: /Pagar/ }));
    await expect(token).resolves.toBe('tkn_test_abc');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe(`${CULQI_API}/v2/tokens`);
    expect((requests[0]?.init.headers as Record<string, string> | undefined)?.Authorization).toBe(
      'Bearer pk_test_demo1234',
    );
    expect(JSON.parse(String(requests[0]?.init.body))).toEqual({
      card_number: '4111111111111111',
      cvv: '123',
      expiration_month: '09',
      expiration_year: '2031',
      email: 'ana@demo.pe',
    });
    // The checkout closes it once it has the token.
    expect(dialog.hasAttribute('open')).toBe(false);
  });

  it('keeps a refused card in the modal with Culqi’s message, and sends nothing while a field is wrong', async () => {
    provider(() => ({
      status: 400,
      body: { object: 'error', type: 'card_error', user_message: 'El número de tarjeta no es válido.' },
    }));
    let settled = false;
    void culqiToken('pk_test_demo1234', { method: 'ONLINE_CARD', ...payment }).then(() => {
      settled = true;
    });
    fireEvent.click(screen.getByRole('button', { name: /Pagar/ }));
    expect(requests).toHaveLength(0);
    expect(screen.getByRole('alert').textContent).toBe('Revisa los datos ingresados.');
    type('Correo electrónico', 'ana@demo.pe');
    type('Número de tarjeta', '4111 1111 1111 1112');
    type('Vencimiento (MM/AA)', '09/31');
    type('CVV', '123');
    fireEvent.click(screen.getByRole('button', { name: /Pagar/ }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('El número de tarjeta no es válido.'),
    );
    expect(screen.getByRole('dialog').hasAttribute('open')).toBe(true);
    expect(settled).toBe(false);
  });

  it('answers null when the person closes the modal', async () => {
    provider(() => ({ status: 500, body: {} }));
    const token = culqiToken('pk_test_demo1234', { method: 'ONLINE_CARD', ...payment });
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    await expect(token).resolves.toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('takes Yape as a phone and a 6-digit approval code for the amount', async () => {
    provider(() => ({ status: 201, body: { object: 'token', id: 'ype_test_xyz' } }));
    const token = culqiToken('pk_test_demo1234', { method: 'YAPE', ...payment });
    expect(screen.queryByLabelText('Número de tarjeta')).toBeNull();
    type('Número de celular', '987654321');
    type('Código de aprobación (6 dígitos)', '123456');
    fireEvent.click(screen.getByRole('button', { name: /Pagar/ }));
    await expect(token).resolves.toBe('ype_test_xyz');
    expect(requests[0]?.url).toBe(`${CULQI_API}/v2/tokens/yape`);
    expect(JSON.parse(String(requests[0]?.init.body))).toEqual({
      amount: '3550',
      number_phone: '987654321',
      otp: '123456',
    });
  });
});

describe('MercadoPago.js stand-in', () => {
  beforeAll(() => runScript('mercadopago-sdk.js'));

  function mountFields(onBin: (bin: string | null) => void = () => {}): MercadoPagoInstance {
    document.body.innerHTML = `
      <label for="n-input">Número de tarjeta</label><div id="n"></div>
      <label for="e-input">Vencimiento</label><div id="e"></div>
      <label for="c-input">CVV</label><div id="c"></div>`;
    const MercadoPago = window.MercadoPago;
    if (!MercadoPago) throw new Error('MercadoPago.js did not load');
    const mp = new MercadoPago('TEST-public-key', { locale: 'es-PE' });
    mp.fields
      .create('cardNumber', { placeholder: '4111' })
      .on('binChange', (event) => onBin(event.bin))
      .mount('n');
    mp.fields.create('expirationDate', { placeholder: 'MM/AA' }).mount('e');
    mp.fields.create('securityCode', { placeholder: '123' }).mount('c');
    return mp;
  }

  it("makes a card token from its secure fields at the API beside it; the page's form holds no card number", async () => {
    provider(() => ({
      status: 201,
      body: { id: 'ff8080814c11e237014c1ff593b57b4d', last_four_digits: '1111' },
    }));
    const mp = mountFields();
    type('Número de tarjeta', '4111 1111 1111 1111');
    type('Vencimiento', '11/30');
    type('CVV', '123');
    expect(screen.getByLabelText('Número de tarjeta').getAttribute('name')).toBeNull();
    const token = await mercadoPagoToken(mp, {
      name: 'Ana Pérez',
      documentType: 'DNI',
      documentNumber: '12345678',
    });
    expect(token).toBe('ff8080814c11e237014c1ff593b57b4d');
    expect(requests[0]?.url).toBe(`${MP_API}/v1/card_tokens?public_key=TEST-public-key`);
    expect(JSON.parse(String(requests[0]?.init.body))).toEqual({
      card_number: '4111111111111111',
      security_code: '123',
      expiration_month: 11,
      expiration_year: 2030,
      cardholder: { name: 'Ana Pérez', identification: { type: 'DNI', number: '12345678' } },
    });
  });

  it("refuses an incomplete card before asking Mercado Pago, and carries the provider's refusal", async () => {
    provider(() => ({
      status: 400,
      body: { message: 'invalid', status: 400, cause: [{ code: '205', description: 'Invalid card_number' }] },
    }));
    const mp = mountFields();
    type('Número de tarjeta', '4111');
    await expect(
      mercadoPagoToken(mp, { name: 'Ana', documentType: 'DNI', documentNumber: '1' }),
    ).rejects.toBeInstanceOf(TokenError);
    expect(requests).toHaveLength(0);
    type('Número de tarjeta', '4111 1111 1111 1111');
    type('Vencimiento', '11/30');
    type('CVV', '123');
    const refused = await mercadoPagoToken(mp, {
      name: 'Ana',
      documentType: 'DNI',
      documentNumber: '1',
    }).catch((error: TokenError) => error);
    expect(refused).toBeInstanceOf(TokenError);
    expect((refused as TokenError).userMessage).toBe('Invalid card_number');
  });

  it('tells the bin once the card number has eight digits, and null when it no longer has', () => {
    const bins: (string | null)[] = [];
    mountFields((bin) => bins.push(bin));
    type('Número de tarjeta', '4111 111');
    type('Número de tarjeta', '4111 1111 1111');
    type('Número de tarjeta', '4111 1111 1111 1111');
    type('Número de tarjeta', '4111');
    expect(bins).toEqual(['41111111', null]);
  });

  it("asks Mercado Pago's instalments for the bin and the amount, and answers them fewest first", async () => {
    provider(() => ({
      status: 200,
      body: [
        {
          payment_method_id: 'visa',
          payer_costs: [3, 1, 40].map((installments) => ({
            installments,
            installment_rate: 0,
            recommended_message: `${installments} cuotas`,
          })),
        },
      ],
    }));
    const mp = mountFields();
    const options = await installmentOptions(mp, { bin: '41111111', cents: 3550 });
    // 40 is more than the order body takes (1 to 36).
    expect(options.map((cost) => cost.installments)).toEqual([1, 3]);
    const url = new URL(requests[0]?.url ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${MP_API}/v1/payment_methods/installments`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      public_key: 'TEST-public-key',
      amount: '35.50',
      bin: '41111111',
    });
  });

  it('rejects with the causes when Mercado Pago refuses the instalments', async () => {
    provider(() => ({
      status: 400,
      body: { message: 'invalid amount or bin', error: 'bad_request', status: 400 },
    }));
    const mp = mountFields();
    await expect(installmentOptions(mp, { bin: '41111111', cents: 3550 })).rejects.toEqual([
      { code: '400', message: 'invalid amount or bin' },
    ]);
  });
});
