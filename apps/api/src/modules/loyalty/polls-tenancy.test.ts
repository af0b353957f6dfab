import { pollResponses } from '@storefront/db/schema/loyalty';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

// A poll belongs to its app: a member of another app can neither read nor answer it, whatever its uid.

let t: Awaited<ReturnType<typeof createTestApp>>;
const answers = [
  { question: 'poll-q-atencion', option: 'poll-q-atencion-1' },
  { question: 'poll-q-volveria', option: 'poll-q-volveria-si' },
  { question: 'poll-q-comentario', text: 'Muy bien' },
];

async function memberOf(host: string, email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v5/register/',
    headers: { host },
    payload: {
      first_name: 'Ana',
      last_name: 'Paz',
      email,
      document_number: String(73000000 + Math.floor(Math.random() * 999_999)),
      mobile_number: String(933000000 + Math.floor(Math.random() * 999_999)),
      password: 'una-clave-larga',
      accepted_terms_cond: true,
    },
  });
  return res.json().token;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('polls of another app', () => {
  it('answers 404 to a member of another app and stores nothing; the poll’s own members answer it', async () => {
    const stranger = await memberOf('multi.localhost', 'stranger@test.pe');
    const respond = (token: string, host: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v5/me/polls/poll-satisfaccion/responses/',
        headers: { host, authorization: `Token ${token}` },
        payload: { answers },
      });
    const refused = await respond(stranger, 'multi.localhost');
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 404,
      body: { detail: 'No encontrado.' },
    });
    expect(
      await t.db.select().from(pollResponses).where(eq(pollResponses.pollUid, 'poll-satisfaccion')),
    ).toEqual([]);
    const own = await respond(await memberOf('localhost', 'own@test.pe'), 'localhost');
    expect(own.statusCode).toBe(201);
  });
});
