import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { auth, createMembers, demoMemberToken } from '../orders/orders.fixtures.ts';

// Issue 30 item 1: a member's saved delivery addresses, theirs alone, validated in the spec's format
// and at most 20, also when the saves arrive together.

let t: Awaited<ReturnType<typeof createTestApp>>;
let token: string;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, tok: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v5/me/addresses/${url}`, headers: auth(tok), payload });
const casa = {
  label: 'Casa',
  district: 'Miraflores',
  address: 'Av. Larco 123',
  reference: 'Frente al parque',
  latitude: -12.1211,
  longitude: -77.0297,
};

beforeAll(async () => {
  t = await createTestApp();
  token = await demoMemberToken(t.db);
});
afterAll(() => t.close());

describe('saved addresses', () => {
  it('saves, lists last edited first, edits and deletes an address', async () => {
    const [tok] = (await createMembers(t.db, 1, 'addr')) as [string];
    const created = await call('POST', '', tok, casa);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ ...casa, uid: expect.any(String) });
    const office = await call('POST', '', tok, {
      label: 'Oficina',
      district: 'San Isidro',
      address: 'Calle Las Begonias 450',
    });
    expect(office.json()).toMatchObject({ reference: '', latitude: null, longitude: null });

    const list = await call('GET', '', tok);
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((a: { label: string }) => a.label)).toEqual(['Oficina', 'Casa']);

    const uid = created.json().uid;
    const edited = await call('PATCH', `${uid}/`, tok, {
      reference: 'Puerta verde',
      latitude: null,
      longitude: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ label: 'Casa', reference: 'Puerta verde', latitude: null });
    const relisted = await call('GET', '', tok);
    expect(relisted.json().results.map((a: { label: string }) => a.label)).toEqual(['Casa', 'Oficina']);

    const removed = await call('DELETE', `${uid}/`, tok);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', '', tok)).json().results.map((a: { label: string }) => a.label)).toEqual([
      'Oficina',
    ]);
    expect((await call('DELETE', `${uid}/`, tok)).statusCode).toBe(404);
  });

  it("answers 404 for another member's address and changes nothing", async () => {
    const [tok] = (await createMembers(t.db, 1, 'owner')) as [string];
    const mine = (await call('POST', '', tok, casa)).json();
    const patch = await call('PATCH', `${mine.uid}/`, token, { label: 'Robada' });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual({ detail: 'No encontrado.' });
    expect((await call('DELETE', `${mine.uid}/`, token)).statusCode).toBe(404);
    expect((await call('GET', '', token)).json().results.map((a: { uid: string }) => a.uid)).not.toContain(
      mine.uid,
    );
    expect((await call('GET', '', tok)).json().results).toMatchObject([{ uid: mine.uid, label: 'Casa' }]);
  });

  it('refuses bad input with field errors and saves nothing', async () => {
    const [tok] = (await createMembers(t.db, 1, 'bad')) as [string];
    const empty = await call('POST', '', tok, { label: '  ', district: '', address: 'x'.repeat(301) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      label: ['Este campo es requerido'],
      district: ['Este campo es requerido'],
      address: [expect.any(String)],
    });
    const unknown = await call('POST', '', tok, { ...casa, city: 'Lima' });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json())).toEqual(['city']);
    const half = await call('POST', '', tok, { ...casa, longitude: undefined });
    expect(half.statusCode).toBe(400);
    expect(half.json()).toEqual({ longitude: ['Indica la latitud y la longitud, o ninguna'] });
    const wrongType = await call('POST', '', tok, { ...casa, latitude: 'norte' });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json())).toEqual(['latitude']);
    expect((await call('GET', '', tok)).json().results).toEqual([]);

    const saved = (await call('POST', '', tok, casa)).json();
    const badPatch = await call('PATCH', `${saved.uid}/`, tok, { label: '', latitude: null });
    expect(badPatch.statusCode).toBe(400);
    expect(badPatch.json()).toEqual({ label: ['Este campo es requerido'] });
    // Removing only the latitude leaves a longitude alone: the latitude is the one missing.
    const halfPatch = await call('PATCH', `${saved.uid}/`, tok, { latitude: null });
    expect(halfPatch.json()).toEqual({ latitude: ['Indica la latitud y la longitud, o ninguna'] });
    expect((await call('GET', '', tok)).json().results).toMatchObject([
      { label: 'Casa', latitude: casa.latitude },
    ]);
    expect((await call('PATCH', 'not-a-uid/', tok, { label: 'X' })).statusCode).toBe(400);
  });

  it('keeps at most 20 addresses when 30 saves arrive at once', async () => {
    const [tok] = (await createMembers(t.db, 1, 'many')) as [string];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => call('POST', '', tok, { ...casa, label: `Casa ${i}` })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(answers.find((answer) => answer.statusCode === 400)?.json()).toEqual({
      non_field_errors: ['Puedes guardar hasta 20 direcciones; elimina una para guardar otra'],
    });
    expect((await call('GET', '', tok)).json().results).toHaveLength(20);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ url: '/api/v5/me/addresses/', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(401);
  });
});
