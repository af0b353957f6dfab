import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { adminAuditLog } from '@storefront/db/schema/admin';
import { landingSections } from '@storefront/db/schema/content';
import { apps } from '@storefront/db/schema/tenancy';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';
import { multipartForm, picture } from '../../media/image-test-files.ts';
import {
  type AdminCallArgs,
  type AdminTokens,
  adminCall,
  adminTenantFile,
  adminTokens,
  as,
} from '../admin.fixtures.ts';

// The admin's content (issue 18): the app's landing sections and policy texts, each as the storefront
// then shows it.

const corpus = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../../../../../../packages/db/demo/fixtures/xss-corpus.json', import.meta.url)),
    'utf8',
  ),
) as { payloads: string[] };

let t: Awaited<ReturnType<typeof createTestApp>>;
let tokens: AdminTokens;

const call = (...args: AdminCallArgs) => adminCall(t.app, ...args);
/** The storefront's landing of the demo app, as a visitor's browser asks for it. */
const storefrontLanding = async () =>
  (await t.app.inject({ url: '/api/v7/apps/demo/landing/', headers: { host: 'localhost' } })).json() as {
    uid: string;
    type: string;
    tittle: string;
    cards: { tittle: string; images: { image: string }[] }[];
  }[];
const storefrontSite = async () =>
  (await t.app.inject({ url: '/api/v7/apps/demo', headers: { host: 'localhost' } })).json().site as Record<
    string,
    string | null
  >;
/** What a refused write must leave as it was. */
const snapshot = async () => ({
  sections: await t.db.select().from(landingSections).orderBy(asc(landingSections.uid)),
  audit: (await t.db.select({ n: count() }).from(adminAuditLog))[0]?.n,
  site: (
    await t.db.select({ site: apps.site, v: apps.siteVersion }).from(apps).where(eq(apps.uid, 'demo'))
  )[0],
});
const auditOf = (uid: string) =>
  t.db.select().from(adminAuditLog).where(eq(adminAuditLog.objectUid, uid)).orderBy(adminAuditLog.id);
const positions = async () =>
  (
    await t.db
      .select({ uid: landingSections.uid, position: landingSections.position })
      .from(landingSections)
      .where(eq(landingSections.appUid, 'demo'))
      .orderBy(asc(landingSections.position))
  ).map((row) => [row.uid, row.position] as const);

const image = (url: string) => ({ image: url });
const carousel = {
  type: 'CAROUSEL',
  tittle: 'Novedades',
  cards: [
    {
      tittle: 'Causa del día',
      content: '<p>Con <strong>palta</strong></p>',
      images: [image('https://cdn.example.com/a.jpg'), image('https://cdn.example.com/b.jpg')],
      buttons: [{ tittle: 'Pedir', link: '/carta' }],
    },
    { tittle: 'Postres', images: [image('https://cdn.example.com/c.jpg')] },
  ],
};

beforeAll(async () => {
  t = await createTestApp({ tenantFile: adminTenantFile() });
  tokens = await adminTokens(t.db);
});
afterAll(() => t.close());

describe('landing sections', () => {
  it('adds a section of every type of spec §3; the storefront shows each at once, in its place, audited', async () => {
    const bodies = [
      { type: 'HEADER', buttons: [{ tittle: 'Pedir ya', link: 'https://demo.pe/carta' }] },
      { type: 'WELCOME', tittle: 'Hola', content: '<p>Bienvenido</p>', buttons: [{ link: 'tel:+5112345' }] },
      {
        type: 'INFORMATIVE',
        cards: [
          {
            tittle: 'Delivery',
            images: [{ image: 'https://cdn.example.com/i.jpg', spatial_position: 'RIGHT' }],
            buttons: [{ tittle: 'Ver', link: 'mailto:hola@demo.pe' }],
          },
        ],
      },
      { type: 'CARD', cards: [{ tittle: 'Puntos', subtittle: 'Suma', color: 'c2410c' }] },
      { type: 'SMALL_IMAGE', images: [{ image: 'https://cdn.example.com/s.jpg', link: 'https://demo.pe/' }] },
      carousel,
      { type: 'FORM', link: 'https://forms.example.com/x' },
      { type: 'CONTACT', tittle: 'Escríbenos', content: 'Por WhatsApp' },
    ];
    for (const body of bodies) {
      const res = await call(tokens.manager, 'POST', 'landing-sections/', body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers.etag).toBe('"1"');
      const created = res.json();
      expect(created).toMatchObject({ type: body.type, version: 1, is_active: true });
      const shown = await storefrontLanding();
      // Without a position it goes last, after the three of the fixture and the ones added before it.
      expect(shown.at(-1)?.uid).toBe(created.uid);
      const [line] = await auditOf(created.uid);
      expect(line).toMatchObject({ action: 'create', objectType: 'landing_section' });
    }
    const shown = await storefrontLanding();
    // The admin's list answers the same order (the admin site asks with ordering=position).
    const listed = await call(tokens.manager, 'GET', 'landing-sections/?page_size=100&ordering=position');
    expect(listed.json().results.map((s: { uid: string }) => s.uid)).toEqual(shown.map((s) => s.uid));
    const added = shown.find((section) => section.type === 'CAROUSEL');
    expect(added?.cards.map((card) => card.tittle)).toEqual(['Causa del día', 'Postres']);
    expect(added?.cards[0]?.images.map((i) => i.image)).toEqual([
      'https://cdn.example.com/a.jpg',
      'https://cdn.example.com/b.jpg',
    ]);
    // A section put first moves the others down.
    const first = await call(tokens.owner, 'POST', 'landing-sections/', {
      type: 'CONTACT',
      tittle: 'Primero',
      position: 0,
    });
    expect((await storefrontLanding())[0]?.uid).toBe(first.json().uid);
    const order = await positions();
    expect(order.map(([, position]) => position)).toEqual(order.map((_, i) => i));
  });

  it.each([
    ['FORM without its address', { type: 'FORM' }, 'link'],
    ['FORM on http', { type: 'FORM', link: 'http://forms.example.com/x' }, 'link'],
    ['HEADER with two buttons', { type: 'HEADER', buttons: [{ link: '/a' }, { link: '/b' }] }, 'buttons'],
    ['HEADER with cards', { type: 'HEADER', cards: [] }, 'cards'],
    [
      'WELCOME with a javascript: button',
      { type: 'WELCOME', buttons: [{ link: 'javascript:alert(1)' }] },
      'buttons.0.link',
    ],
    [
      'WELCOME with a button to /\\ (read as //)',
      { type: 'WELCOME', buttons: [{ link: '/\\evil.example' }] },
      'buttons.0.link',
    ],
    [
      'SMALL_IMAGE whose picture links to /\\ (read as //)',
      {
        type: 'SMALL_IMAGE',
        images: [{ ...image('https://cdn.example.com/x.jpg'), link: '/\\evil.example' }],
      },
      'images.0.link',
    ],
    [
      'INFORMATIVE with four active cards',
      { type: 'INFORMATIVE', cards: [{}, {}, {}, { is_active: true }] },
      'cards',
    ],
    ['CARD with a colour by name', { type: 'CARD', cards: [{ color: 'red' }] }, 'cards.0.color'],
    [
      'SMALL_IMAGE with six active images',
      {
        type: 'SMALL_IMAGE',
        images: Array.from({ length: 6 }, (_, i) => image(`https://cdn.example.com/${i}.jpg`)),
      },
      'images',
    ],
    [
      'SMALL_IMAGE with an http picture',
      { type: 'SMALL_IMAGE', images: [image('http://cdn.example.com/x.jpg')] },
      'images.0.image',
    ],
    ['CAROUSEL without cards', { type: 'CAROUSEL', cards: [] }, 'cards'],
    [
      'CAROUSEL with three pictures on a card',
      {
        type: 'CAROUSEL',
        cards: [{ images: [1, 2, 3].map((i) => image(`https://cdn.example.com/${i}.jpg`)) }],
      },
      'cards.0.images',
    ],
    ['CONTACT with an address', { type: 'CONTACT', link: 'https://example.com' }, 'link'],
    ['an unknown type', { type: 'BANNER' }, 'type'],
    [
      'a data: picture on a card',
      { type: 'CARD', cards: [{ images: [image('data:image/png;base64,AAAA')] }] },
      'cards.0.images.0.image',
    ],
  ])(
    'refuses %s with a 400 on its field, in Spanish or English, and changes nothing',
    async (_, body, field) => {
      const before = await snapshot();
      for (const language of ['es', 'en']) {
        const res = await call(tokens.manager, 'POST', 'landing-sections/', body, {
          'accept-language': language,
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(Object.keys(res.json()), res.body).toContain(field);
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it('says the field errors in the reader’s language', async () => {
    const body = { type: 'WELCOME', buttons: [{ link: 'javascript:alert(1)' }] };
    const es = await call(tokens.manager, 'POST', 'landing-sections/', body, { 'accept-language': 'es' });
    const en = await call(tokens.manager, 'POST', 'landing-sections/', body, { 'accept-language': 'en' });
    expect(es.json()['buttons.0.link'][0]).toMatch(/^Ingresar una dirección/);
    expect(en.json()['buttons.0.link'][0]).toMatch(/^Enter an https/);
  });

  it("takes a picture uploaded by the company, not another company's", async () => {
    const upload = async (token: string, company: string) => {
      const form = multipartForm(await picture('png', 400, 300));
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/companies/${company}/images/`,
        headers: { ...as(token), 'content-type': form.contentType },
        payload: form.payload,
      });
      return res.json() as { uid: string; urls: Record<string, string> };
    };
    const own = await upload(tokens.owner, 'demo-main');
    const url = Object.values(own.urls).at(-1) as string;
    const ok = await call(tokens.owner, 'POST', 'landing-sections/', {
      type: 'SMALL_IMAGE',
      images: [image(url)],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const rival = await upload(tokens.rivalOwner, 'rival-main');
    const theirs = Object.values(rival.urls).at(-1) as string;
    const refused = await call(tokens.owner, 'POST', 'landing-sections/', {
      type: 'SMALL_IMAGE',
      images: [image(theirs)],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty(['images.0.image']);
  });

  it('changes a section with If-Match; stale is a 409; the storefront and every process follow at once', async () => {
    // A second API process on the same database, which keeps pages and app records (the tests' own keeps none).
    const other = await buildApp({
      config: { ...t.app.config, MENU_CACHE_SECONDS: 60, TENANT_CACHE_SECONDS: 60 },
      db: t.db,
    });
    await other.ready();
    try {
      const current = (await call(tokens.manager, 'GET', 'landing-sections/demo-l-welcome/')).json();
      const otherWelcome = async () =>
        (
          (
            await other.inject({ url: '/api/v7/apps/demo/landing/', headers: { host: 'localhost' } })
          ).json() as {
            uid: string;
            tittle: string;
          }[]
        ).find((s) => s.uid === 'demo-l-welcome')?.tittle;
      const keptWelcome = await otherWelcome();
      expect(keptWelcome).toBe(current.tittle);
      const otherVersion = other.menuCache.version('demo');
      const ok = await call(
        tokens.manager,
        'PATCH',
        'landing-sections/demo-l-welcome/',
        { tittle: 'Bienvenidos <script>alert(1)</script>al club', is_active: false },
        { 'if-match': `"${current.version}"` },
      );
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({
        tittle: 'Bienvenidos al club',
        is_active: false,
        version: current.version + 1,
      });
      expect((await storefrontLanding()).find((s) => s.uid === 'demo-l-welcome')).toMatchObject({
        tittle: 'Bienvenidos al club',
        is_active: false,
      });
      await until(() => other.menuCache.version('demo') !== otherVersion);
      expect(other.menuCache.version('demo')).not.toBe(otherVersion);
      expect(await otherWelcome()).toBe('Bienvenidos al club');
      const stale = await call(
        tokens.owner,
        'PATCH',
        'landing-sections/demo-l-welcome/',
        { tittle: 'Perdido' },
        { 'if-match': `"${current.version}"` },
      );
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current).toMatchObject({ tittle: 'Bienvenidos al club' });
      const staleDelete = await call(tokens.owner, 'DELETE', 'landing-sections/demo-l-welcome/', undefined, {
        'if-match': `"${current.version}"`,
      });
      expect(staleDelete.statusCode).toBe(409);
      expect((await auditOf('demo-l-welcome')).at(-1)).toMatchObject({
        action: 'update',
        before: { tittle: 'Bienvenida', is_active: true },
        after: { tittle: 'Bienvenidos al club', is_active: false },
      });
      // A save that changes nothing keeps the version and logs nothing.
      const lines = (await auditOf('demo-l-welcome')).length;
      const same = await call(tokens.manager, 'PATCH', 'landing-sections/demo-l-welcome/', {
        is_active: false,
      });
      expect(same.json().version).toBe(current.version + 1);
      expect(await auditOf('demo-l-welcome')).toHaveLength(lines);
    } finally {
      await other.close();
    }
  });

  it('checks a change on the section as it would be: its type stays, its rules hold, nothing changes on a 400', async () => {
    const before = await snapshot();
    for (const body of [
      { type: 'CONTACT' },
      { link: 'http://forms.example.com' },
      { cards: [] },
      { link: null },
    ]) {
      const res = await call(tokens.manager, 'PATCH', 'landing-sections/demo-l-form/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('deletes a section and closes the gap; the storefront stops showing it', async () => {
    const res = await call(tokens.owner, 'DELETE', 'landing-sections/demo-l-contact/');
    expect(res.statusCode).toBe(204);
    expect((await storefrontLanding()).some((s) => s.uid === 'demo-l-contact')).toBe(false);
    const order = await positions();
    expect(order.map(([, position]) => position)).toEqual(order.map((_, i) => i));
    expect((await auditOf('demo-l-contact')).at(-1)).toMatchObject({ action: 'delete' });
    expect((await call(tokens.owner, 'GET', 'landing-sections/demo-l-contact/')).statusCode).toBe(404);
  });

  it('moves a section; the storefront shows the new order', async () => {
    const res = await call(tokens.manager, 'POST', 'landing-sections/demo-l-form/move/', { position: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ uid: 'demo-l-form', position: 0 });
    expect((await storefrontLanding())[0]?.uid).toBe('demo-l-form');
    expect((await auditOf('demo-l-form')).at(-1)).toMatchObject({ after: { position: 0 } });
    const last = await call(tokens.manager, 'POST', 'landing-sections/demo-l-form/move/', { position: 999 });
    expect((await storefrontLanding()).at(-1)?.uid).toBe('demo-l-form');
    expect(last.json().position).toBe((await positions()).length - 1);
  });

  it('keeps one consistent order under many concurrent moves', async () => {
    for (const tittle of ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco', 'Seis'])
      await call(tokens.manager, 'POST', 'landing-sections/', { type: 'CONTACT', tittle });
    const uids = (await positions()).map(([uid]) => uid);
    expect(uids.length).toBeGreaterThanOrEqual(8);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        call(tokens.manager, 'POST', `landing-sections/${uids[(i * 5) % uids.length]}/move/`, {
          position: (i * 7) % uids.length,
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    const order = await positions();
    expect(order.map(([, position]) => position)).toEqual(uids.map((_, i) => i));
    expect(order.map(([uid]) => uid).sort()).toEqual([...uids].sort());
  });

  it("answers 404 for another app's section and 403 to a company that is not its app's main one", async () => {
    for (const [method, path] of [
      ['GET', 'landing-sections/multi-l-carousel/'],
      ['PATCH', 'landing-sections/multi-l-carousel/'],
      ['DELETE', 'landing-sections/multi-l-carousel/'],
      ['POST', 'landing-sections/multi-l-carousel/move/'],
    ] as const) {
      const res = await call(
        tokens.owner,
        method,
        path,
        method === 'DELETE' ? undefined : method === 'POST' ? { position: 0 } : { tittle: 'x' },
      );
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(
      (
        await t.app.inject({ url: '/api/v7/apps/multi/landing/', headers: { host: 'multi.localhost' } })
      ).json(),
    ).toContainEqual(expect.objectContaining({ uid: 'multi-l-carousel' }));
    const rival = await t.app.inject({
      url: '/api/admin/companies/rival-main/landing-sections/',
      headers: as(tokens.rivalOwner),
    });
    expect(rival.statusCode).toBe(403);
    const rivalTexts = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/companies/rival-main/site-content/',
      headers: as(tokens.rivalOwner),
      payload: { faqs: 'x' },
    });
    expect(rivalTexts.statusCode).toBe(403);
  });
});

describe('policy texts', () => {
  it('stores the XSS corpus cleaned by the storefront’s rules; the storefront then answers the safe text', async () => {
    const html = `<h2>Términos</h2><p>Texto <a href="https://demo.pe/x">legal</a></p>${corpus.payloads.join('\n')}`;
    const current = (await call(tokens.owner, 'GET', 'site-content/')).json();
    const res = await call(
      tokens.owner,
      'PATCH',
      'site-content/',
      { terms_and_conditions: html, privacy_policies: html, faqs: html, cookies: html },
      { 'if-match': `"${current.version}"` },
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const [stored] = await t.db.select({ site: apps.site }).from(apps).where(eq(apps.uid, 'demo'));
    const site = await storefrontSite();
    for (const key of ['terms_and_conditions', 'privacy_policies', 'faqs', 'cookies'] as const) {
      const text = stored?.site[key] ?? '';
      expect(text).toContain('<h2>Términos</h2>');
      expect(text).toContain('href="https://demo.pe/x"');
      expect(text).not.toMatch(/<script|<iframe|<object|<embed|<svg[^>]*onload|<style|<form/i);
      expect(text).not.toMatch(/\son[a-z]+\s*=/i);
      expect(text).not.toMatch(/javascript:|vbscript:|data:text/i);
      expect(site[key]).toBe(text);
    }
    expect(res.json().version).toBe(current.version + 1);
    expect((await auditOf('demo')).at(-1)).toMatchObject({ objectType: 'site_content', action: 'update' });
  });

  it('switches the landing on and off; a stale write is a 409; bad input is a 400 that changes nothing', async () => {
    const current = (await call(tokens.manager, 'GET', 'site-content/')).json();
    const on = await call(tokens.manager, 'PATCH', 'site-content/', {
      landing_page: true,
      landing_page_type: 'MODEL_2',
    });
    expect(on.json()).toMatchObject({ landing_page: true, version: current.version + 1 });
    const app = (await t.app.inject({ url: '/api/v7/apps/demo', headers: { host: 'localhost' } })).json();
    expect(app.landing_page).toBe(true);
    const stale = await call(
      tokens.owner,
      'PATCH',
      'site-content/',
      { faqs: 'x' },
      { 'if-match': `"${current.version}"` },
    );
    expect(stale.statusCode).toBe(409);
    const before = await snapshot();
    for (const body of [
      { landing_page_type: 'OTHER' },
      { faqs: 5 },
      { unknown: 'x' },
      { faqs: 'x'.repeat(200_001) },
    ]) {
      const res = await call(tokens.owner, 'PATCH', 'site-content/', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
    // An emptied text goes back to the storefront's built-in one.
    await call(tokens.owner, 'PATCH', 'site-content/', { terms_and_conditions: '  ', landing_page: false });
    expect((await storefrontSite()).terms_and_conditions).toBeNull();
  });
});

describe('the landing preview', () => {
  it('names the storefront the preview opens on', async () => {
    const texts = (await call(tokens.manager, 'GET', 'site-content/')).json();
    expect(texts.storefront_url).toBe('http://localhost');
  });
});
