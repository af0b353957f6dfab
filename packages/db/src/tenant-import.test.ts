import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.ts';
import { apps, companies, places } from './schema/tenancy.ts';
import { users } from './schema/users.ts';
import { importTenantFile, TenantFileError } from './tenant-import.ts';
import { openTestDatabase } from './testing.ts';

const demoFile = () =>
  JSON.parse(readFileSync(fileURLToPath(new URL('../demo/demo.tenant.json', import.meta.url)), 'utf8'));

/** A minimal valid file with one app, one company and one place. */
const smallFile = (uid: string, domain: string) => ({
  apps: [
    {
      uid,
      name: `App ${uid}`,
      domains: [domain],
      api_key: `${uid}-key-0123456789abcdef`,
      main_company: `${uid}-co`,
      areas: [{ uid: `${uid}-area`, name: 'Lima', country_code: 'PE' }],
      companies: [
        {
          uid: `${uid}-co`,
          name: 'Co',
          places: [{ uid: `${uid}-place`, name: 'Centro', area: `${uid}-area` }],
        },
      ],
      users: [{ email: `Ana@${domain}`, password: 'Secreto123', demo: true }],
    },
  ],
});

describe('tenant file import', () => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await openTestDatabase();
  });
  afterEach(() => handle.close());

  it('loads the demo file, and importing it again changes nothing', async () => {
    const first = await importTenantFile(handle.db, demoFile(), { includeDemoUsers: true });
    expect(first.apps).toEqual(expect.arrayContaining(['demo', 'multi']));
    const counts = async () => ({
      apps: (await handle.db.select().from(apps)).length,
      places: (await handle.db.select().from(places)).length,
      users: (await handle.db.select().from(users)).length,
    });
    const before = await counts();
    await importTenantFile(handle.db, demoFile(), { includeDemoUsers: true });
    expect(await counts()).toEqual(before);
    expect(before.places).toBeGreaterThanOrEqual(4);
  });

  it('names the path of every bad field and imports nothing of a bad file', async () => {
    const file = smallFile('bad', 'bad.example');
    const app = file.apps[0] as Record<string, unknown> & { companies: { places: { area: string }[] }[] };
    (app.companies[0]?.places[0] as { area: string }).area = 'nowhere';
    app.main_company = 'missing-co';
    app.api_key = 'short';
    const error = await importTenantFile(handle.db, file, { includeDemoUsers: true }).catch((e) => e);
    expect(error).toBeInstanceOf(TenantFileError);
    const paths = (error as TenantFileError).issues.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['apps[0].api_key']));
    expect(await handle.db.select().from(apps)).toEqual([]);

    const semantic = smallFile('sem', 'sem.example');
    (semantic.apps[0]?.companies[0]?.places[0] as { area: string }).area = 'nowhere';
    const semanticError = (await importTenantFile(handle.db, semantic, { includeDemoUsers: true }).catch(
      (e) => e,
    )) as TenantFileError;
    expect(semanticError.issues).toContainEqual({
      path: 'apps[0].companies[0].places[0].area',
      message: 'unknown area nowhere',
    });
    expect(await handle.db.select().from(apps)).toEqual([]);
  });

  it('refuses a Google, Facebook or Apple sign-in method without its client id', async () => {
    const file = smallFile('social', 'social.example');
    Object.assign(file.apps[0] as object, {
      signin_methods: [
        { type: 'EMAIL', settings: {} },
        { type: 'GOOGLE', settings: {} },
        { type: 'FACEBOOK', settings: { client_id: '' } },
        { type: 'IOS', settings: { client_id: 'pe.social.web' } },
      ],
    });
    const error = (await importTenantFile(handle.db, file, { includeDemoUsers: true }).catch(
      (e) => e,
    )) as TenantFileError;
    expect(error).toBeInstanceOf(TenantFileError);
    expect(error.issues.map((issue) => issue.path)).toEqual([
      'apps[0].signin_methods[1].settings',
      'apps[0].signin_methods[2].settings',
    ]);
    expect(await handle.db.select().from(apps)).toEqual([]);
  });

  it("refuses a uid or domain owned by another app and leaves the other app's objects as they were", async () => {
    await importTenantFile(handle.db, smallFile('one', 'one.example'), { includeDemoUsers: true });
    const intruder = smallFile('two', 'two.example');
    const app = intruder.apps[0] as (typeof intruder.apps)[number];
    app.companies[0] = { uid: 'one-co', name: 'Stolen', places: [] };
    app.main_company = 'one-co';
    app.domains = ['one.example'];
    const error = (await importTenantFile(handle.db, intruder, { includeDemoUsers: true }).catch(
      (e) => e,
    )) as TenantFileError;
    expect(error).toBeInstanceOf(TenantFileError);
    expect(error.issues.map((issue) => issue.message)).toEqual(
      expect.arrayContaining([
        'uid one-co belongs to another app',
        'domain one.example belongs to another app',
      ]),
    );
    const [company] = await handle.db.select().from(companies).where(eq(companies.uid, 'one-co'));
    expect(company?.name).toBe('Co');
    expect(company?.appUid).toBe('one');
  });

  it('loads demo users only when asked, lowercases e-mails and never stores a password in clear', async () => {
    await importTenantFile(handle.db, smallFile('prod', 'prod.example'), { includeDemoUsers: false });
    expect(await handle.db.select().from(users)).toEqual([]);
    await importTenantFile(handle.db, smallFile('prod', 'prod.example'), { includeDemoUsers: true });
    const [user] = await handle.db.select().from(users);
    expect(user?.email).toBe('ana@prod.example');
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
