import type { Database } from '@storefront/db/client';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { demoTenantFile } from '../../test/test-app.ts';
import { issueToken } from '../sessions/sessions.service.ts';

// Accounts of the admin tests: the demo company's owner, manager, staff and member, an operator, and
// owners of another company of the demo app and of a company of another app (multi).

export const MEMBER_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0001';
export const STAFF_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0002';
export const OWNER_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0003';
export const MANAGER_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0004';
export const OPERATOR_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0005';
export const RIVAL_OWNER_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0a01';
export const MULTI_OWNER_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0a02';
export const COMPANY = 'demo-main';
export const ADMIN_HOST = 'admin.localhost';

/** The demo tenant plus a rival company (with its owner) in the demo app and an owner in the multi app. */
export function adminTenantFile() {
  const file = demoTenantFile() as { apps: Record<string, unknown>[] };
  const [demo, multi] = file.apps as {
    uid: string;
    companies: Record<string, unknown>[];
    users?: unknown[];
  }[];
  if (!demo || !multi) throw new Error('the demo file lost its apps');
  // The demo app's landing (the demo file has none): the admin's content tests edit it.
  (demo as Record<string, unknown>).landing_sections = [
    { uid: 'demo-l-welcome', type: 'WELCOME', tittle: 'Bienvenida', content: '<p>Hola</p>' },
    { uid: 'demo-l-contact', type: 'CONTACT', tittle: 'Contacto', content: 'Escríbenos' },
    { uid: 'demo-l-form', type: 'FORM', tittle: 'Inscríbete', link: 'https://example.com/form' },
  ];
  demo.companies.push({
    uid: 'rival-main',
    name: 'Rival',
    places: [{ uid: 'place-rival', name: 'Rival Centro', address: 'Jr. Rival 1', area: 'area-lima' }],
  });
  demo.users?.push({
    uid: RIVAL_OWNER_UID,
    email: 'rival@demo.pe',
    password: 'Demo1234!',
    document_number: '99887766',
    staff: { company: 'rival-main', role: 'OWNER', places: ['place-rival'] },
  });
  multi.users = [
    ...(multi.users ?? []),
    {
      uid: MULTI_OWNER_UID,
      // The same e-mail as the demo owner: another app's account is another person.
      email: 'dueno@demo.pe',
      password: 'Otra-clave-1',
      staff: { company: 'multi-main', role: 'OWNER', places: ['multi-place-centro'] },
    },
  ];
  return file;
}

export interface AdminTokens {
  owner: string;
  manager: string;
  staff: string;
  member: string;
  operator: string;
  rivalOwner: string;
  multiOwner: string;
}

export async function adminTokens(db: Database): Promise<AdminTokens> {
  const token = (uid: string, appUid = 'demo') => issueToken(db, { uid, appUid });
  return {
    owner: await token(OWNER_UID),
    manager: await token(MANAGER_UID),
    staff: await token(STAFF_UID),
    member: await token(MEMBER_UID),
    operator: await token(OPERATOR_UID),
    rivalOwner: await token(RIVAL_OWNER_UID),
    multiOwner: await token(MULTI_OWNER_UID, 'multi'),
  };
}

export const as = (token: string | null) => ({
  host: ADMIN_HOST,
  ...(token ? { authorization: `Token ${token}` } : {}),
});

export type AdminCallArgs = [
  token: string,
  method: InjectOptions['method'],
  path: string,
  payload?: unknown,
  headers?: Record<string, string>,
];

/** A call of the demo company's admin API (`path` under /api/admin/companies/demo-main/) as `token`. */
export function adminCall(
  app: FastifyInstance,
  ...[token, method, path, payload, headers = {}]: AdminCallArgs
) {
  return app.inject({
    method,
    url: `/api/admin/companies/${COMPANY}/${path}`,
    headers: { ...as(token), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** An instant `days` from the test's own now (decision 017: no date of the calendar in a test). */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
/** The UTC day `days` from now, `YYYY-MM-DD`. */
export const dayIn = (days: number) => inDays(days).slice(0, 10);
