import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANDING_SECTION_TYPES, landingResponseSchema } from '@storefront/contracts/content';
import { importTenantFile, TenantFileError } from '@storefront/db/tenant-import';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoTenantFile } from '../../test/test-app.ts';

const corpus = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../../../../../packages/db/demo/fixtures/xss-corpus.json', import.meta.url)),
    'utf8',
  ),
) as { payloads: string[] };

const landing = (t: Awaited<ReturnType<typeof createTestApp>>, uid: string, host: string) =>
  t.app.inject({ url: `/api/v7/apps/${uid}/landing/`, headers: { host } });

describe('landing sections', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the MODEL_2 sections of the multi app with every type and field of spec §3', async () => {
    const res = await landing(t, 'multi', 'multi.localhost');
    expect(res.statusCode).toBe(200);
    const sections = landingResponseSchema.parse(res.json());
    expect(new Set(sections.map((s) => s.type))).toEqual(new Set(LANDING_SECTION_TYPES));
    // In the tenant's order, inactive ones included (the storefront hides them).
    expect(sections[0]?.type).toBe('HEADER');
    expect(sections.at(-1)).toMatchObject({ uid: 'multi-l-hidden', is_active: false });
    const body = res.json() as Record<string, unknown>[];
    for (const field of [
      'uid',
      'type',
      'is_active',
      'tittle',
      'content',
      'link',
      'buttons',
      'cards',
      'images',
    ])
      expect(body[0]).toHaveProperty(field);
    const cards = sections.find((s) => s.type === 'CARD')?.cards ?? [];
    expect(cards[1]).toMatchObject({ tittle: 'Niveles', subtittle: 'Sube de nivel', color: 'c2410c' });
    expect(cards.some((card) => !card.is_active)).toBe(true);
    const info = sections.find((s) => s.type === 'INFORMATIVE');
    expect(info?.cards[1]?.images[0]).toMatchObject({
      spatial_position: 'RIGHT',
      is_active: true,
      link: null,
    });
    expect(info?.cards[0]?.buttons[0]).toEqual({
      uid: 'multi-l-info-b1',
      tittle: 'Ver despensa',
      link: 'https://example.com/despensa',
    });
    expect(sections.find((s) => s.type === 'FORM')?.link).toMatch(/^https:\/\//);
  });

  it('answers an empty array for an app without sections', async () => {
    const res = await landing(t, 'doc', 'doc.localhost');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("answers 404 for another tenant's app and for an unknown app", async () => {
    for (const [uid, host] of [
      ['multi', 'localhost'],
      ['demo', 'multi.localhost'],
      ['nope', 'localhost'],
    ] as const) {
      const res = await landing(t, uid, host);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'No encontrado.' });
    }
    const unknownHost = await landing(t, 'multi', 'unknown.example');
    expect(unknownHost.statusCode).toBe(404);
  });

  it('stores tenant HTML as given (the storefront sanitises it): the XSS fixture keeps every payload', async () => {
    const appRes = await t.app.inject({ url: '/api/v7/apps/xss', headers: { host: 'xss.localhost' } });
    const site = appRes.json().site as Record<string, string>;
    const sections = landingResponseSchema.parse((await landing(t, 'xss', 'xss.localhost')).json());
    expect(corpus.payloads.length).toBeGreaterThanOrEqual(50);
    for (const payload of corpus.payloads) {
      expect(site.faqs).toContain(payload);
      expect(site.privacy_policies).toContain(payload);
      expect(site.terms_and_conditions).toContain(payload);
      expect(sections.every((s) => s.content.includes(payload))).toBe(true);
    }
    expect(sections.some((s) => s.buttons.some((b) => b.link.startsWith('javascript:')))).toBe(true);
  });
});

describe('landing sections in the tenant file', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const multiWith = (sections: unknown[]) => {
    const file = demoTenantFile();
    const multi = file.apps.find((app) => app.uid === 'multi') as Record<string, unknown>;
    return { apps: [{ ...multi, landing_sections: sections }] };
  };

  it('re-importing replaces the sections: dropped ones go, order follows the file', async () => {
    await importTenantFile(
      t.db,
      multiWith([
        { uid: 'multi-l-contact', type: 'CONTACT', tittle: 'Contacto' },
        { uid: 'multi-l-new', type: 'FORM', link: 'https://example.com/form' },
      ]),
      { includeDemoUsers: false },
    );
    const sections = (await landing(t, 'multi', 'multi.localhost')).json() as { uid: string }[];
    expect(sections.map((s) => s.uid)).toEqual(['multi-l-contact', 'multi-l-new']);
    await importTenantFile(t.db, multiWith([]), { includeDemoUsers: false });
    expect((await landing(t, 'multi', 'multi.localhost')).json()).toEqual([]);
  });

  it('refuses duplicate uids, unknown types and a uid owned by another app', async () => {
    await expect(
      importTenantFile(
        t.db,
        multiWith([
          { uid: 'dup', type: 'CONTACT' },
          { uid: 'dup', type: 'FORM' },
        ]),
        { includeDemoUsers: false },
      ),
    ).rejects.toThrow(TenantFileError);
    await expect(
      importTenantFile(t.db, multiWith([{ uid: 'x', type: 'BANNER' }]), { includeDemoUsers: false }),
    ).rejects.toThrow(/landing_sections\[0\]\.type/);
    await expect(
      importTenantFile(t.db, multiWith([{ uid: 'xss-l-0', type: 'CONTACT' }]), { includeDemoUsers: false }),
    ).rejects.toThrow(/belongs to another app/);
    // Nothing changed for the owner.
    const xss = (await landing(t, 'xss', 'xss.localhost')).json() as { uid: string }[];
    expect(xss[0]?.uid).toBe('xss-l-0');
  });
});
