import { adminAuditLog } from '@storefront/db/schema/admin';
import {
  events,
  pollOptions,
  pollQuestions,
  polls,
  programAds,
  programs,
} from '@storefront/db/schema/loyalty';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { auth, createMembers, demoMemberToken } from '../../orders/orders.fixtures.ts';
import {
  type AdminCallArgs,
  type AdminTokens,
  adminCall,
  adminTenantFile,
  adminTokens,
  dayIn,
} from '../admin.fixtures.ts';

// The admin's polls (questions and options editable until members answer; results as counts and
// shares), events and ads (issue 18), each as the storefront then shows it.

let t: Awaited<ReturnType<typeof createTestApp>>;
let tokens: AdminTokens;
let member: string;

const call = (...args: AdminCallArgs) => adminCall(t.app, ...args);
const storefront = (token: string | null, options: InjectOptions) =>
  t.app.inject({
    ...options,
    headers: { ...(token ? auth(token) : { host: 'localhost' }), ...options.headers },
  });
const n = async (table: typeof polls | typeof pollQuestions | typeof pollOptions | typeof adminAuditLog) =>
  (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;
const snapshot = async () => ({
  audit: await n(adminAuditLog),
  polls: await t.db.select().from(polls).orderBy(polls.uid),
  questions: await t.db.select().from(pollQuestions).orderBy(pollQuestions.uid),
  options: await t.db.select().from(pollOptions).orderBy(pollOptions.uid),
  events: await t.db.select().from(events).orderBy(events.uid),
  ads: await t.db.select().from(programAds).orderBy(programAds.uid),
});
const answer = (token: string, poll: string, answers: object[]) =>
  storefront(token, {
    method: 'POST',
    url: `/api/v5/me/polls/${poll}/responses/`,
    headers: { 'idempotency-key': crypto.randomUUID() },
    payload: { answers },
  });

type Option = { uid: string; text: string };
interface Poll {
  uid: string;
  version: number;
  responses: number;
  questions: { uid: string; text: string; type: string; options: { uid: string; text: string }[] }[];
}

async function newPoll(title: string): Promise<Poll> {
  const res = await call(tokens.manager, 'POST', 'polls/', {
    program: 'demo-club',
    title,
    questions: [
      {
        text: '¿Qué plato prefieres?',
        type: 'CHOICE',
        options: [{ text: 'Ceviche' }, { text: 'Lomo' }, { text: 'Causa' }],
      },
      { text: '¿Algo más?', type: 'TEXT' },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp({ tenantFile: adminTenantFile() });
  tokens = await adminTokens(t.db);
  member = await demoMemberToken(t.db);
  await t.db
    .insert(programs)
    .values({ uid: 'rival-club', appUid: 'demo', companyUid: 'rival-main', name: 'R' });
  await t.db.insert(polls).values({ uid: 'rival-poll', programUid: 'rival-club', title: 'Rival' });
  await t.db.insert(programAds).values({ uid: 'rival-ad', programUid: 'rival-club', title: 'Rival' });
  await t.db
    .insert(events)
    .values({ uid: 'rival-event', companyUid: 'rival-main', title: 'Rival', startDate: dayIn(365) });
});
afterAll(() => t.close());

describe('admin polls', () => {
  it('creates a poll with its questions in order, audited; members see it; questions are added, reordered and removed while nobody answered', async () => {
    const poll = await newPoll('Encuesta de platos');
    expect(poll.questions.map((q) => [q.text, q.options.map((o) => o.text)])).toEqual([
      ['¿Qué plato prefieres?', ['Ceviche', 'Lomo', 'Causa']],
      ['¿Algo más?', []],
    ]);
    const shown = await storefront(member, { url: `/api/v5/me/programs/demo-club/polls/${poll.uid}/` });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().questions.map((q: { text: string }) => q.text)).toEqual([
      '¿Qué plato prefieres?',
      '¿Algo más?',
    ]);

    // Reordered (the text question first), an option removed and one added, the choice renamed.
    const [choice, text] = poll.questions as [Poll['questions'][0], Poll['questions'][0]];
    const edited = await call(
      tokens.manager,
      'PATCH',
      `polls/${poll.uid}/`,
      {
        questions: [
          { uid: text.uid, text: text.text, type: 'TEXT' },
          {
            uid: choice.uid,
            text: '¿Cuál pedirías hoy?',
            type: 'CHOICE',
            options: [
              { uid: choice.options[2]?.uid, text: 'Causa' },
              { uid: choice.options[0]?.uid, text: 'Ceviche' },
              { text: 'Ají de gallina' },
            ],
          },
        ],
      },
      { 'if-match': '"1"' },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().version).toBe(2);
    expect(
      edited.json().questions.map((q: Poll['questions'][0]) => [q.uid, q.options.map((o) => o.text)]),
    ).toEqual([
      [text.uid, []],
      [choice.uid, ['Causa', 'Ceviche', 'Ají de gallina']],
    ]);
    const after = await storefront(member, { url: `/api/v5/me/programs/demo-club/polls/${poll.uid}/` });
    expect(after.json().questions[1].options.map((o: { text: string }) => o.text)).toEqual([
      'Causa',
      'Ceviche',
      'Ají de gallina',
    ]);
    const lines = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.objectUid, poll.uid))
      .orderBy(adminAuditLog.id);
    expect(lines.map((line) => line.action)).toEqual(['create', 'update']);
    const stale = await call(
      tokens.manager,
      'PATCH',
      `polls/${poll.uid}/`,
      { title: 'X' },
      { 'if-match': '"1"' },
    );
    expect(stale.statusCode).toBe(409);
  });

  it('counts the answers per option with their shares; once answered, only texts change and destructive edits are refused', async () => {
    const poll = await newPoll('Encuesta respondida');
    const [choice, text] = poll.questions as [Poll['questions'][0], Poll['questions'][0]];
    const [ceviche, lomo, causa] = choice.options as [Option, Option, Option];
    const members = await createMembers(t.db, 4, 'encuesta');
    const picks = [ceviche, ceviche, ceviche, lomo];
    for (const [i, token] of members.entries())
      expect(
        (
          await answer(token, poll.uid, [
            { question: choice.uid, option: picks[i]?.uid },
            { question: text.uid, text: `Respuesta ${i}` },
          ])
        ).statusCode,
      ).toBe(201);

    const results = await call(tokens.manager, 'GET', `polls/${poll.uid}/results/`);
    expect(results.statusCode, results.body).toBe(200);
    expect(results.json()).toMatchObject({
      poll: poll.uid,
      responses: 4,
      questions: [
        {
          uid: choice.uid,
          answered: 4,
          options: [
            { uid: ceviche.uid, text: 'Ceviche', count: 3, share: 0.75 },
            { uid: lomo.uid, text: 'Lomo', count: 1, share: 0.25 },
            { uid: causa.uid, text: 'Causa', count: 0, share: 0 },
          ],
        },
        { uid: text.uid, answered: 4, options: [] },
      ],
    });
    expect([...results.json().questions[1].texts].sort()).toEqual([
      'Respuesta 0',
      'Respuesta 1',
      'Respuesta 2',
      'Respuesta 3',
    ]);

    const before = await snapshot();
    const message = [
      'Esta encuesta ya tiene respuestas: solo se puede corregir el texto de sus preguntas y opciones, no agregar, quitar, reordenar ni cambiar su tipo.',
    ];
    const keep = (q: Poll['questions'][0]) => ({
      uid: q.uid,
      text: q.text,
      type: q.type,
      options: q.options,
    });
    for (const questions of [
      [keep(choice)], // a question removed
      [keep(text), keep(choice)], // reordered
      [{ ...keep(choice), options: choice.options.slice(0, 2) }, keep(text)], // an option removed
      [{ ...keep(choice), options: [...choice.options, { text: 'Nuevo' }] }, keep(text)], // an option added
      [keep(choice), { ...keep(text), type: 'CHOICE', options: [{ text: 'a' }, { text: 'b' }] }], // retyped
    ]) {
      const res = await call(tokens.manager, 'PATCH', `polls/${poll.uid}/`, { questions });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ questions: message });
    }
    expect(await snapshot()).toEqual(before);

    // A typo in an option is still corrected; the counts stay with it.
    const fixed = await call(tokens.manager, 'PATCH', `polls/${poll.uid}/`, {
      questions: [
        {
          ...keep(choice),
          options: choice.options.map((o) => (o.uid === lomo.uid ? { ...o, text: 'Lomo saltado' } : o)),
        },
        keep(text),
      ],
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const again = (await call(tokens.manager, 'GET', `polls/${poll.uid}/results/`)).json();
    expect(again.questions[0].options[1]).toMatchObject({ text: 'Lomo saltado', count: 1 });
  });

  it('refuses bad questions with field errors and changes nothing; another company’s poll is a 404', async () => {
    const before = await snapshot();
    const bad = await call(tokens.manager, 'POST', 'polls/', {
      program: 'demo-club',
      title: 'Mala',
      questions: [
        { text: '¿Una sola?', type: 'CHOICE', options: [{ text: 'Sí' }] },
        { text: '¿Texto?', type: 'TEXT', options: [{ text: 'No va' }] },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      'questions.0.options': ['Una pregunta de opciones necesita al menos dos opciones.'],
      'questions.1.options': ['Una pregunta de texto no lleva opciones.'],
    });
    const empty = await call(tokens.manager, 'POST', 'polls/', {
      program: 'demo-club',
      title: 'Vacía',
      questions: [],
    });
    expect(empty.statusCode).toBe(400);
    // An option of another question, or another poll's, cannot be taken over.
    const foreign = await call(tokens.manager, 'PATCH', 'polls/poll-satisfaccion/', {
      questions: [
        {
          uid: 'poll-q-atencion',
          text: 'X',
          type: 'CHOICE',
          options: [{ uid: 'poll-q-volveria-si', text: 'Sí' }, { text: 'No' }],
        },
      ],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ 'questions.0.options.0.uid': ['No existe en esta empresa.'] });
    for (const [method, path] of [
      ['GET', 'polls/rival-poll/'],
      ['PATCH', 'polls/rival-poll/'],
      ['GET', 'polls/rival-poll/results/'],
    ] as const) {
      const res = await call(tokens.manager, method, path, method === 'PATCH' ? { title: 'X' } : undefined);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('admin events and ads', () => {
  it('creates, changes, hides and deletes an event, each seen on the storefront; a stale delete is a 409', async () => {
    const created = await call(tokens.manager, 'POST', 'events/', {
      title: 'Noche de pisco',
      description: 'Cata guiada',
      start_date: dayIn(60),
      start_time: '19:00',
      end_time: '22:30',
      location: 'Local Miraflores',
      link: 'https://example.com/pisco',
    });
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json();
    expect(event).toMatchObject({ start_time: '19:00', end_time: '22:30', is_active: true, version: 1 });
    const listed = async () =>
      (await storefront(null, { url: '/api/v5/companies/demo-main/events/?page_size=100' }))
        .json()
        .results.map((e: { uid: string; title: string }) => e.title);
    expect(await listed()).toContain('Noche de pisco');
    const shown = await storefront(null, { url: `/api/v5/events/${event.uid}/` });
    expect(shown.json()).toMatchObject({ location: 'Local Miraflores', start_time: '19:00:00' });

    const hidden = await call(
      tokens.manager,
      'PATCH',
      `events/${event.uid}/`,
      { is_active: false },
      { 'if-match': '"1"' },
    );
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await listed()).not.toContain('Noche de pisco');
    expect((await storefront(null, { url: `/api/v5/events/${event.uid}/` })).statusCode).toBe(404);

    const before = await snapshot();
    const badTime = await call(tokens.manager, 'PATCH', `events/${event.uid}/`, { end_time: '18:00' });
    expect(badTime.json()).toEqual({ end_time: ['Debe ser posterior a la fecha de inicio.'] });
    const badDay = await call(tokens.manager, 'PATCH', `events/${event.uid}/`, { end_date: dayIn(59) });
    expect(badDay.json()).toEqual({ end_date: ['Debe ser posterior a la fecha de inicio.'] });
    const badLink = await call(tokens.manager, 'PATCH', `events/${event.uid}/`, {
      link: 'javascript:alert(1)',
    });
    expect(badLink.statusCode).toBe(400);
    expect(Object.keys(badLink.json())).toEqual(['link']);
    const stale = await call(tokens.manager, 'DELETE', `events/${event.uid}/`, undefined, {
      'if-match': '"1"',
    });
    expect(stale.statusCode).toBe(409);
    expect((await call(tokens.manager, 'DELETE', 'events/rival-event/')).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);

    const gone = await call(tokens.manager, 'DELETE', `events/${event.uid}/`, undefined, {
      'if-match': '"2"',
    });
    expect(gone.statusCode).toBe(204);
    expect((await call(tokens.manager, 'GET', `events/${event.uid}/`)).statusCode).toBe(404);
    const lines = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.objectUid, event.uid));
    expect(lines.map((line) => line.action)).toEqual(['create', 'update', 'delete']);
  });

  it("creates an ad of a program that members see; deactivated or deleted it leaves; another company's ad is a 404", async () => {
    const created = await call(tokens.manager, 'POST', 'ads/', {
      program: 'demo-club',
      title: 'Martes de monedas',
      link: '/program/demo-club',
    });
    expect(created.statusCode, created.body).toBe(201);
    const ad = created.json();
    const seen = async () =>
      (await storefront(member, { url: '/api/v5/me/programs/demo-club/ads/?page_size=100' }))
        .json()
        .results.map((a: { title: string }) => a.title);
    expect(await seen()).toContain('Martes de monedas');
    expect((await call(tokens.manager, 'PATCH', `ads/${ad.uid}/`, { is_active: false })).statusCode).toBe(
      200,
    );
    expect(await seen()).not.toContain('Martes de monedas');
    const before = await snapshot();
    expect(
      (await call(tokens.manager, 'POST', 'ads/', { program: 'rival-club', title: 'X' })).json(),
    ).toEqual({
      program: ['No existe en esta empresa.'],
    });
    for (const method of ['GET', 'PATCH', 'DELETE'] as const)
      expect(
        (await call(tokens.manager, method, 'ads/rival-ad/', method === 'PATCH' ? { title: 'X' } : undefined))
          .statusCode,
      ).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect((await call(tokens.manager, 'DELETE', `ads/${ad.uid}/`)).statusCode).toBe(204);
    expect((await call(tokens.manager, 'GET', `ads/${ad.uid}/`)).statusCode).toBe(404);
  });
});
