import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { vi } from 'vitest';

// The sandbox's stand-in browser scripts (what `npm start` and the journeys load instead of Culqi's and
// Mercado Pago's), run in jsdom as the browser runs them. The provider itself is outside the machine:
// fetch answers as its endpoints document.

const ORIGIN = 'https://pay.test';
/** Where each script is served and where its provider's API answers (the sandbox's layout). */
export const SANDBOX_SCRIPTS = {
  'culqi-checkout.js': `${ORIGIN}/api/dev/payments-sandbox/culqi/js/v4`,
  'culqi-3ds.js': `${ORIGIN}/api/dev/payments-sandbox/culqi/3ds`,
  'mercadopago-sdk.js': `${ORIGIN}/api/dev/payments-sandbox/mercadopago/js/v2`,
};
export const CULQI_API = `${ORIGIN}/api/dev/payments-sandbox/culqi`;
export const MP_API = `${ORIGIN}/api/dev/payments-sandbox/mercadopago`;

/** Runs a stand-in script as if loaded from its address (document.currentScript.src). */
export function runSandboxScript(name: keyof typeof SANDBOX_SCRIPTS) {
  const script = document.createElement('script');
  script.src = SANDBOX_SCRIPTS[name];
  const current = vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
  new Function(readFileSync(resolve('apps/api/src/modules/payments/sandbox', name), 'utf8'))();
  current.mockRestore();
}

export type ProviderAnswer = { status: number; body: unknown };
/** What the provider was asked, in order, since the test began (cleared by the test). */
export const providerRequests: { url: string; init: RequestInit }[] = [];
/** The provider's API as fetch reaches it: `answer` gives each request's status and JSON body. */
export function stubProvider(answer: (url: string, body: Record<string, unknown>) => ProviderAnswer) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      providerRequests.push({ url, init });
      const { status, body } = answer(url, JSON.parse(String(init.body ?? '{}')));
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

/**
 * jsdom's postMessage leaves the event's origin empty: a page posting to itself (Culqi3DS does) gets
 * the page's own origin in a browser, so the listener's origin check can be tested.
 */
export function shimSameOriginMessages(): void {
  window.postMessage = (message: unknown) => {
    setTimeout(() =>
      window.dispatchEvent(new MessageEvent('message', { data: message, origin: window.location.origin })),
    );
  };
}
