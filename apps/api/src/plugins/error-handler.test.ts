import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

// Cases the fuzzing proof found with random seeds, pinned down here.
describe('the error mapping', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers a value PostgreSQL refuses (a NUL byte in an id) with 400, not 500', async () => {
    const res = await t.app.inject({
      url: '/api/v7/places/place%00x/products/',
      headers: { host: 'localhost' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['Por favor corrija los campos indicados.'] });
  });

  it('names a key such as __proto__ in non_field_errors instead of answering an empty body', async () => {
    const res = await t.app.inject({ url: '/api/v7/places/?__proto__=1', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['__proto__: Campo no permitido.'] });
  });
});

describe('an unexpected failure', () => {
  it('answers 500 with the spec body in non_field_errors, in the asked language, and no details', async () => {
    const t = await createTestApp();
    // The database gone under a running app: every look-up fails in a way no request can cause.
    await t.database.close();
    try {
      for (const [language, message] of [
        ['es', 'Algo malo ha pasado, por favor intentarlo más adelante.'],
        ['en', 'Something went wrong, please try again later.'],
      ] as const) {
        const res = await t.app.inject({
          url: '/api/v7/places/place-miraflores/products/',
          headers: { host: 'localhost', 'accept-language': language },
        });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ non_field_errors: [message] });
      }
    } finally {
      await t.app.close();
    }
  });
});
