import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createPageRenders, renderInputs } from './page-renders.ts';

const APP = { uid: 'demo', name: 'Demo' };

/** A render's client once its plan was fetched: a menu of one product at `price`. */
async function fetched(price: number, extra?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  await client.fetchQuery({ queryKey: ['areas'], queryFn: async () => ['lima'] });
  await client.fetchQuery({
    queryKey: ['menu', 'miraflores'],
    queryFn: async () => [{ uid: 'ceviche', price }],
  });
  if (extra) await client.fetchQuery({ queryKey: [extra], queryFn: async () => extra });
  return client;
}

const CARTA = {
  html: '<main>Ceviche S/ 32.00</main>',
  status: 200,
  used: ['["areas"]', '["menu","miraflores"]'],
};

describe('page renders: a page rendered again from the very same inputs is the same HTML', () => {
  it('reuses the last render of a page whose app record and answers are all the same', async () => {
    const renders = createPageRenders();
    renders.remember('/carta', renderInputs(APP, await fetched(32)), CARTA);
    expect(renders.reuse('/carta', renderInputs(APP, await fetched(32)))).toEqual(CARTA);
  });

  it('renders again when an answer, the set of answers or the app record moved on', async () => {
    const renders = createPageRenders();
    renders.remember('/carta', renderInputs(APP, await fetched(32)), CARTA);
    expect(renders.reuse('/carta', renderInputs(APP, await fetched(30)))).toBeNull();
    expect(renders.reuse('/carta', renderInputs(APP, await fetched(32, 'landing')))).toBeNull();
    expect(
      renders.reuse('/carta', renderInputs({ ...APP, name: 'Demo Perú' }, await fetched(32))),
    ).toBeNull();
    // Another page with the same inputs is not this one.
    expect(renders.reuse('/carta?category=sopas', renderInputs(APP, await fetched(32)))).toBeNull();
  });

  it('renders again when a query that answered then fails now', async () => {
    // The same two queries, the city list failing this time.
    const failing = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await failing
      .fetchQuery({ queryKey: ['areas'], queryFn: async () => Promise.reject(new Error('down')) })
      .catch(() => {});
    await failing.fetchQuery({
      queryKey: ['menu', 'miraflores'],
      queryFn: async () => [{ uid: 'ceviche', price: 32 }],
    });
    const renders = createPageRenders();
    renders.remember('/carta', renderInputs(APP, await fetched(32)), CARTA);
    expect(renders.reuse('/carta', renderInputs(APP, failing))).toBeNull();
  });

  it('renders again past its age, for what the clock alone shapes', async () => {
    const renders = createPageRenders({ maxAgeMs: 5 });
    const inputs = renderInputs(APP, await fetched(32));
    renders.remember('/carta', inputs, CARTA);
    await expect.poll(() => renders.reuse('/carta', inputs)).toBeNull();
  });

  it('keeps at most its bytes, the least recently rendered page going first', async () => {
    const inputs = renderInputs(APP, await fetched(32));
    const renders = createPageRenders({ maxBytes: 2 * (CARTA.html.length + inputs.length) });
    renders.remember('/carta', inputs, CARTA);
    renders.remember('/program/demo-club', inputs, CARTA);
    renders.remember('/politics', inputs, CARTA);
    expect(renders.reuse('/carta', inputs)).toBeNull();
    expect(renders.reuse('/program/demo-club', inputs)).toEqual(CARTA);
    expect(renders.reuse('/politics', inputs)).toEqual(CARTA);
  });
});
