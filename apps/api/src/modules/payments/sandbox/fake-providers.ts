import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// A local stand-in for Culqi's and Mercado Pago's documented API subset (architecture §10): tokens,
// charges/payments, look-ups, search, refunds and Mercado Pago's signed notifications. It refuses a
// wrong key as they do (401). The tests run it as an HTTP server (startFakeProviders); a development
// server answers it itself on loopback as the demo's sandbox (sandbox.routes.ts).
//
// Test cards: 4111 1111 1111 1111 approved, 4000 0000 0000 0002 declined, 4000 0000 0000 3220 asks
// for Three-D Secure. Mercado Pago's cardholder names decide as its own test cards do: APRO approved,
// OTHE rejected, CONT in_process.

export const APPROVED_CARD = '4111111111111111';
export const DECLINED_CARD = '4000000000000002';
export const THREE_DS_CARD = '4000000000003220';
export const DECLINE_MESSAGE = 'Tu tarjeta fue rechazada por el banco. Prueba con otra tarjeta.';

export interface FakeKeys {
  culqi: { publicKey: string; secretKey: string };
  mercadopago: { publicKey: string; accessToken: string };
}

export interface FakeAnswer {
  status: number;
  body: unknown;
  contentType?: string;
}

type Json = Record<string, unknown>;
interface Card {
  number: string;
  name: string;
  email: string | null;
  used: boolean;
  yape: boolean;
}
interface Charge {
  id: string;
  provider: 'culqi' | 'mercadopago';
  amountCents: number;
  /** Culqi: the charge's currency_code; Mercado Pago: the account's, PEN. */
  currency: string;
  status: 'approved' | 'rejected' | 'in_process';
  orderUid: string;
  email: string;
  card: Card;
  refundedCents: number;
  notificationUrl: string | null;
  /** Mercado Pago's instalments the payment was asked with (Culqi: null). */
  installments: number | null;
  createdAt: number;
}

const brand = (number: string) => (number.startsWith('5') ? 'Mastercard' : 'Visa');
const SCRIPTS = {
  culqi: fileURLToPath(new URL('./culqi-checkout.js', import.meta.url)),
  culqi3ds: fileURLToPath(new URL('./culqi-3ds.js', import.meta.url)),
  mercadopago: fileURLToPath(new URL('./mercadopago-sdk.js', import.meta.url)),
};
const SCRIPT_PATHS: Record<string, keyof typeof SCRIPTS> = {
  'culqi/js/v4': 'culqi',
  'culqi/3ds': 'culqi3ds',
  'mercadopago/js/v2': 'mercadopago',
};
const THREE_DS_FIELDS = ['eci', 'xid', 'cavv', 'protocolVersion', 'directoryServerTransactionId'] as const;

/** The stand-in browser script, or a placeholder until its file exists. */
function script(provider: keyof typeof SCRIPTS): FakeAnswer {
  const file = SCRIPTS[provider];
  const body = existsSync(file)
    ? readFileSync(file, 'utf8')
    : `console.warn('The ${provider} sandbox checkout script is not written yet.');\n`;
  return { status: 200, body, contentType: 'text/javascript; charset=utf-8' };
}

/** Mercado Pago's notification signature: `ts=…,v1=…` over `id:{data.id};request-id:{x-request-id};ts:{ts};`. */
export function mercadoPagoSignature(secret: string, dataId: string, requestId: string, ts: number): string {
  const manifest = `id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`;
  return `ts=${ts},v1=${createHmac('sha256', secret).update(manifest).digest('hex')}`;
}

export class FakePayments {
  readonly tokens = new Map<string, Card>();
  readonly charges = new Map<string, Charge>();
  /** Every charge or payment creation asked, with its idempotency key (tests count them). */
  readonly chargeCalls: { provider: string; orderUid: string; key: string | null }[] = [];
  /** Every read of one charge or payment by its id (tests count the read backs of events). */
  readonly readCalls: string[] = [];
  /** Every search of charges or payments (tests count the look-ups of an order's charges). */
  readonly searchCalls: string[] = [];
  /** Emits 'charge' when a charge or payment creation arrives, before it is held or acted on. */
  readonly arrivals = new EventEmitter();
  /**
   * `down`: every API call answers 500; `slowMs`: waits this long before acting; `lostAnswer`: acts
   * (charges, refunds) but answers 500, as a provider failing after the fact does; `holdCharges`: a
   * charge or payment creation waits for this promise before acting (a charge still on its way).
   */
  mode: { down?: boolean; slowMs?: number; lostAnswer?: boolean; holdCharges?: Promise<unknown> } = {};
  private readonly idempotent = new Map<string, string>();
  /** Culqi 3DS: the parameters its library was given for a card token, which its charge must carry. */
  private readonly authentications = new Map<string, Record<string, string>>();
  private nextMpId = 1_000_000 + Math.floor(Math.random() * 1_000_000);

  constructor(
    readonly keys: FakeKeys,
    /** The Mercado Pago webhook secret, to sign the notifications it posts. */
    readonly webhookSecret: string | null = null,
  ) {}

  async handle(
    provider: 'culqi' | 'mercadopago',
    method: string,
    path: string,
    query: URLSearchParams,
    headers: Record<string, string | string[] | undefined>,
    body: Json,
  ): Promise<FakeAnswer> {
    const standIn = method === 'GET' ? SCRIPT_PATHS[`${provider}${path}`] : undefined;
    if (standIn) return script(standIn);
    if (method === 'POST' && (path === '/v2/charges' || path === '/v1/payments')) {
      this.arrivals.emit('charge');
      await this.mode.holdCharges;
    }
    if (this.mode.slowMs) await new Promise((resolve) => setTimeout(resolve, this.mode.slowMs));
    if (this.mode.down) return { status: 500, body: { message: 'internal_error' } };
    const bearer = String(headers.authorization ?? '').replace(/^Bearer /, '');
    const answer =
      provider === 'culqi'
        ? this.culqi(method, path, query, bearer, body)
        : this.mercadopago(method, path, query, bearer, headers, body);
    return this.mode.lostAnswer ? { status: 500, body: { message: 'internal_error' } } : answer;
  }

  private newToken(prefix: string, card: Omit<Card, 'used'>): string {
    const id = `${prefix}${randomBytes(12).toString('hex')}`;
    this.tokens.set(id, { ...card, used: false });
    return id;
  }

  /** Takes a token once (a used or unknown token is refused, as the providers do). */
  private takeToken(id: unknown): Card | null {
    const card = typeof id === 'string' ? this.tokens.get(id) : undefined;
    if (!card || card.used) return null;
    card.used = true;
    return card;
  }

  private culqi(method: string, path: string, query: URLSearchParams, bearer: string, body: Json) {
    const keys = this.keys.culqi;
    const unauthorized = {
      status: 401,
      body: { object: 'error', type: 'authentication_error', merchant_message: 'Llave inválida' },
    };
    if (method === 'POST' && (path === '/v2/tokens' || path === '/v2/tokens/yape')) {
      if (bearer !== keys.publicKey) return unauthorized;
      const yape = path.endsWith('/yape');
      if (yape && body.otp !== '123456')
        return { status: 400, body: { object: 'error', user_message: 'Código de aprobación inválido' } };
      const number = yape ? APPROVED_CARD : String(body.card_number ?? '').replace(/\s/g, '');
      if (!/^\d{13,19}$/.test(number))
        return { status: 400, body: { object: 'error', user_message: 'Número de tarjeta inválido' } };
      const email = typeof body.email === 'string' ? body.email : null;
      const id = this.newToken(yape ? 'ype_test_' : 'tkn_test_', { number, name: '', email, yape });
      return {
        status: 201,
        body: { object: 'token', id, email, iin: { card_brand: brand(number) }, last_four: number.slice(-4) },
      };
    }
    // What the stand-in Culqi3DS asks once the person passes the bank's check: the parameters it
    // posts to the page, remembered for the token so that only its own charge is accepted.
    if (method === 'POST' && path === '/3ds/authentications') {
      if (bearer !== keys.publicKey) return unauthorized;
      const tokenId = String(body.token_id ?? '');
      if (!this.tokens.get(tokenId) || this.tokens.get(tokenId)?.used)
        return { status: 400, body: { object: 'error', user_message: 'Token inválido o ya usado' } };
      const parameters = {
        eci: '05',
        xid: randomBytes(20).toString('base64'),
        cavv: randomBytes(20).toString('base64'),
        protocolVersion: '2.2.0',
        directoryServerTransactionId: randomUUID(),
      };
      this.authentications.set(tokenId, parameters);
      return { status: 201, body: { object: '3ds_authentication', parameters3DS: parameters } };
    }
    if (bearer !== keys.secretKey) return unauthorized;
    if (method === 'POST' && path === '/v2/charges') {
      const orderUid = String((body.metadata as Json | undefined)?.order_uid ?? '');
      this.chargeCalls.push({ provider: 'culqi', orderUid, key: null });
      const token = typeof body.source_id === 'string' ? this.tokens.get(body.source_id) : undefined;
      const authentication = body.authentication_3DS as Json | undefined;
      if (token?.number === THREE_DS_CARD && !token.used && !authentication)
        return {
          status: 200,
          body: { action_code: 'REVIEW', user_message: 'Autentica el pago con tu banco' },
        };
      // 3DS parameters other than the ones its library gave for this token: refused, the card kept.
      if (authentication !== undefined) {
        const issued = this.authentications.get(String(body.source_id));
        if (!issued || THREE_DS_FIELDS.some((field) => authentication?.[field] !== issued[field]))
          return {
            status: 400,
            body: {
              object: 'error',
              type: 'invalid_request_error',
              param: 'authentication_3DS',
              merchant_message: 'Los parámetros de autenticación 3DS no son válidos.',
              user_message: 'No pudimos autenticar tu tarjeta con tu banco.',
            },
          };
      }
      const card = this.takeToken(body.source_id);
      if (!card)
        return {
          status: 400,
          body: { object: 'error', type: 'invalid_request_error', user_message: 'Token inválido o ya usado' },
        };
      const charge = this.record('culqi', `chr_test_${randomBytes(12).toString('hex')}`, {
        amountCents: Number(body.amount),
        currency: String(body.currency_code ?? 'PEN'),
        status: card.number === DECLINED_CARD ? 'rejected' : 'approved',
        orderUid,
        email: String(body.email ?? ''),
        card,
        notificationUrl: null,
        installments: null,
      });
      if (charge.status === 'rejected')
        return {
          status: 402,
          body: {
            object: 'error',
            type: 'card_error',
            charge_id: charge.id,
            code: 'card_declined',
            decline_code: 'insufficient_funds',
            merchant_message: 'La tarjeta fue rechazada',
            user_message: DECLINE_MESSAGE,
          },
        };
      return { status: 201, body: this.culqiCharge(charge) };
    }
    const chargeMatch = /^\/v2\/charges\/([\w-]+)$/.exec(path);
    if (method === 'GET' && chargeMatch) {
      this.readCalls.push(chargeMatch[1] ?? '');
      const charge = this.charges.get(chargeMatch[1] ?? '');
      return charge
        ? { status: 200, body: this.culqiCharge(charge) }
        : { status: 404, body: { object: 'error', merchant_message: 'No existe' } };
    }
    if (method === 'GET' && path === '/v2/charges') {
      this.searchCalls.push(query.toString());
      const data = [...this.charges.values()].filter(
        (c) =>
          c.provider === 'culqi' &&
          (!query.get('email') || c.email === query.get('email')) &&
          (!query.get('amount') || c.amountCents === Number(query.get('amount'))),
      );
      return { status: 200, body: { data: data.map((c) => this.culqiCharge(c)), paging: {} } };
    }
    if (method === 'POST' && path === '/v2/refunds') {
      const charge = this.charges.get(String(body.charge_id));
      const amount = Number(body.amount);
      if (charge?.status !== 'approved' || amount > charge.amountCents - charge.refundedCents)
        return { status: 400, body: { object: 'error', merchant_message: 'Monto a devolver inválido' } };
      charge.refundedCents += amount;
      return {
        status: 201,
        body: {
          object: 'refund',
          id: `ref_test_${randomBytes(8).toString('hex')}`,
          amount,
          charge_id: charge.id,
        },
      };
    }
    return { status: 404, body: { object: 'error', merchant_message: 'Recurso no encontrado' } };
  }

  private culqiCharge(charge: Charge) {
    return {
      object: 'charge',
      id: charge.id,
      amount: charge.amountCents,
      amount_refunded: charge.refundedCents,
      currency_code: charge.currency,
      email: charge.email,
      creation_date: charge.createdAt,
      source: {
        object: 'token',
        iin: { card_brand: brand(charge.card.number) },
        last_four: charge.card.number.slice(-4),
      },
      outcome:
        charge.status === 'approved'
          ? { type: 'venta_exitosa', user_message: 'Su compra ha sido exitosa.' }
          : { type: 'venta_rechazada', user_message: DECLINE_MESSAGE },
      metadata: { order_uid: charge.orderUid },
    };
  }

  private record(
    provider: Charge['provider'],
    id: string,
    fields: Omit<Charge, 'id' | 'provider' | 'refundedCents' | 'createdAt'>,
  ) {
    const charge: Charge = { id, provider, refundedCents: 0, createdAt: Date.now(), ...fields };
    this.charges.set(id, charge);
    return charge;
  }

  private mercadopago(
    method: string,
    path: string,
    query: URLSearchParams,
    bearer: string,
    headers: Record<string, string | string[] | undefined>,
    body: Json,
  ) {
    const keys = this.keys.mercadopago;
    const unauthorized = {
      status: 401,
      body: { message: 'invalid access token', error: 'unauthorized', status: 401 },
    };
    if (method === 'POST' && path === '/v1/card_tokens') {
      if (query.get('public_key') !== keys.publicKey) return unauthorized;
      const number = String(body.card_number ?? '').replace(/\s/g, '');
      if (!/^\d{13,19}$/.test(number))
        return { status: 400, body: { message: 'invalid card_number', error: 'bad_request', status: 400 } };
      const name = String((body.cardholder as Json | undefined)?.name ?? '');
      const id = this.newToken('', { number, name, email: null, yape: false });
      return {
        status: 201,
        body: {
          id,
          first_six_digits: number.slice(0, 6),
          last_four_digits: number.slice(-4),
          status: 'active',
        },
      };
    }
    // What MercadoPago.js's getInstallments asks with the public key: 1, 3, 6 or 12, interest-free.
    if (method === 'GET' && path === '/v1/payment_methods/installments') {
      if (query.get('public_key') !== keys.publicKey) return unauthorized;
      const cents = Math.round(Number(query.get('amount')) * 100);
      const bin = query.get('bin') ?? '';
      if (!(cents > 0) || !/^\d{6,8}$/.test(bin))
        return { status: 400, body: { message: 'invalid amount or bin', error: 'bad_request', status: 400 } };
      const money = (n: number) => (n / 100).toFixed(2);
      return {
        status: 200,
        body: [
          {
            payment_method_id: brand(bin).toLowerCase(),
            payment_type_id: 'credit_card',
            issuer: { id: '1', name: 'Banco de prueba' },
            payer_costs: [1, 3, 6, 12].map((installments) => ({
              installments,
              installment_rate: 0,
              installment_amount: Number(money(Math.round(cents / installments))),
              total_amount: Number(money(cents)),
              recommended_message: `${installments} ${installments === 1 ? 'cuota' : 'cuotas'} de S/ ${money(Math.round(cents / installments))} (S/ ${money(cents)})`,
            })),
          },
        ],
      };
    }
    if (bearer !== keys.accessToken) return unauthorized;
    if (method === 'POST' && path === '/v1/payments') {
      const key = String(headers['x-idempotency-key'] ?? '') || null;
      const orderUid = String(body.external_reference ?? '');
      this.chargeCalls.push({ provider: 'mercadopago', orderUid, key });
      const known = key ? this.idempotent.get(key) : undefined;
      const existing = known ? this.charges.get(known) : undefined;
      if (existing) return { status: 201, body: this.mpPayment(existing) };
      const card = this.takeToken(body.token);
      if (!card)
        return { status: 400, body: { message: 'Invalid card_token_id', error: 'bad_request', status: 400 } };
      const name = card.name.toUpperCase();
      const status: Charge['status'] =
        name === 'APRO'
          ? 'approved'
          : name === 'OTHE'
            ? 'rejected'
            : name === 'CONT' || card.number === THREE_DS_CARD
              ? 'in_process'
              : card.number === DECLINED_CARD
                ? 'rejected'
                : 'approved';
      const charge = this.record('mercadopago', String(this.nextMpId++), {
        amountCents: Math.round(Number(body.transaction_amount) * 100),
        currency: 'PEN',
        status,
        orderUid,
        email: String((body.payer as Json | undefined)?.email ?? ''),
        card,
        notificationUrl: typeof body.notification_url === 'string' ? body.notification_url : null,
        installments: Number(body.installments),
      });
      if (key) this.idempotent.set(key, charge.id);
      return { status: 201, body: this.mpPayment(charge) };
    }
    if (method === 'GET' && path === '/v1/payments/search') {
      this.searchCalls.push(query.toString());
      const reference = query.get('external_reference');
      const results = [...this.charges.values()].filter(
        (c) => c.provider === 'mercadopago' && (!reference || c.orderUid === reference),
      );
      return {
        status: 200,
        body: { results: results.map((c) => this.mpPayment(c)), paging: { total: results.length } },
      };
    }
    const refundMatch = /^\/v1\/payments\/(\d+)\/refunds$/.exec(path);
    if (method === 'POST' && refundMatch) {
      const charge = this.charges.get(refundMatch[1] ?? '');
      const amount = body.amount === undefined ? undefined : Math.round(Number(body.amount) * 100);
      if (!charge) return { status: 404, body: { message: 'Payment not found', status: 404 } };
      const left = charge.amountCents - charge.refundedCents;
      if (charge.status !== 'approved' || left <= 0 || (amount ?? left) > left)
        return { status: 400, body: { message: 'Invalid refund amount', status: 400 } };
      charge.refundedCents += amount ?? left;
      return {
        status: 201,
        body: {
          id: this.nextMpId++,
          payment_id: Number(charge.id),
          amount: (amount ?? left) / 100,
          status: 'approved',
        },
      };
    }
    const paymentMatch = /^\/v1\/payments\/(\d+)$/.exec(path);
    if (method === 'GET' && paymentMatch) {
      this.readCalls.push(paymentMatch[1] ?? '');
      const charge = this.charges.get(paymentMatch[1] ?? '');
      return charge
        ? { status: 200, body: this.mpPayment(charge) }
        : { status: 404, body: { message: 'Payment not found', status: 404 } };
    }
    return { status: 404, body: { message: 'resource not found', status: 404 } };
  }

  private mpPayment(charge: Charge) {
    const refunded = charge.refundedCents > 0 && charge.refundedCents === charge.amountCents;
    return {
      id: Number(charge.id),
      status: refunded ? 'refunded' : charge.status,
      status_detail:
        charge.status === 'approved'
          ? 'accredited'
          : charge.status === 'rejected'
            ? 'cc_rejected_other_reason'
            : 'pending_contingency',
      transaction_amount: charge.amountCents / 100,
      installments: charge.installments,
      transaction_amount_refunded: charge.refundedCents / 100,
      currency_id: charge.currency,
      external_reference: charge.orderUid,
      payment_method_id: brand(charge.card.number).toLowerCase(),
      card: { last_four_digits: charge.card.number.slice(-4) },
      payer: { email: charge.email },
      three_ds_info:
        charge.status === 'in_process' && charge.card.number === THREE_DS_CARD
          ? { external_resource_url: `https://fake-acs.invalid/challenge/${charge.id}`, creq: 'creq-test' }
          : null,
      date_created: new Date(charge.createdAt).toISOString(),
    };
  }

  /** Mercado Pago settles a payment still in process (its contingency or 3DS ended). */
  settle(id: string, status: 'approved' | 'rejected'): void {
    const charge = this.charges.get(id);
    if (!charge) throw new Error(`no payment ${id}`);
    charge.status = status;
  }

  /** A notification of a payment as Mercado Pago posts it: query, headers (signed) and body. */
  notification(id: string, secret = this.webhookSecret ?? '', ts = Math.floor(Date.now() / 1000)) {
    const requestId = randomUUID();
    return {
      query: `data.id=${id}&type=payment`,
      headers: { 'x-request-id': requestId, 'x-signature': mercadoPagoSignature(secret, id, requestId, ts) },
      body: { action: 'payment.updated', api_version: 'v1', data: { id }, type: 'payment', live_mode: false },
    };
  }

  /** Posts the notification of a payment to where it asked (the sandbox does this after settling). */
  async notify(id: string): Promise<void> {
    const url = this.charges.get(id)?.notificationUrl;
    if (!url || !this.webhookSecret) return;
    const note = this.notification(id);
    await fetch(`${url}${url.includes('?') ? '&' : '?'}${note.query}`, {
      method: 'POST',
      headers: { ...note.headers, 'content-type': 'application/json' },
      body: JSON.stringify(note.body),
      signal: AbortSignal.timeout(5000),
    }).catch(() => undefined);
  }
}
