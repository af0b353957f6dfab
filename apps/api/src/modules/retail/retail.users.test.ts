import { errorMessage } from '@storefront/contracts/errors';
import { staffAuditLog } from '@storefront/db/schema/retail';
import { users } from '@storefront/db/schema/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoTenantFile } from '../../test/test-app.ts';
import { auth } from '../orders/orders.fixtures.ts';
import { issueToken } from '../sessions/sessions.service.ts';

// A member created at the counter: the document and phone as the counter types them, stored in one
// form, the identities another member holds refused on their field, and the staff audit row.

const STAFF_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0002';
const PLACE = 'place-miraflores';

let t: Awaited<ReturnType<typeof createTestApp>>;
let staff: string;

const create = (body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v5/retail/users/',
    headers: auth(staff),
    payload: { place: PLACE, first_name: 'Inés', last_name: 'Salas', ...body },
  });

beforeAll(async () => {
  t = await createTestApp({ tenantFile: demoTenantFile() });
  staff = await issueToken(t.db, { uid: STAFF_UID, appUid: 'demo' });
});
afterAll(() => t.close());

describe('a member created at the counter', () => {
  it('keeps the document in capitals and the phone with its country code, and audits who created them where', async () => {
    const abroad = await create({
      document_type: 'PASSPORT',
      document_number: ' xy987654 ',
      email: 'ines@test.pe',
      mobile_number: '+52 (55) 1234-5678',
    });
    expect(abroad.statusCode, abroad.body).toBe(201);
    expect(abroad.json()).toMatchObject({ document_number: 'XY987654', mobile_number: '+525512345678' });
    const local = await create({
      document_type: 'NATIONAL_ID',
      document_number: '41239876',
      email: 'tomas@test.pe',
      mobile_number: '(912) 345-670',
    });
    expect(local.statusCode, local.body).toBe(201);
    expect(local.json().mobile_number).toBe('+51912345670');
    const codes = await t.db
      .select({ uid: users.uid, code: users.countryCodeNumber })
      .from(users)
      .where(eq(users.email, 'ines@test.pe'))
      .union(
        t.db
          .select({ uid: users.uid, code: users.countryCodeNumber })
          .from(users)
          .where(eq(users.email, 'tomas@test.pe')),
      );
    expect(Object.fromEntries(codes.map((row) => [row.uid, row.code]))).toEqual({
      [abroad.json().uid]: null,
      [local.json().uid]: '+51',
    });
    const [row] = await t.db
      .select({
        action: staffAuditLog.action,
        companyUid: staffAuditLog.companyUid,
        placeUid: staffAuditLog.placeUid,
        staffUserUid: staffAuditLog.staffUserUid,
        subjectType: staffAuditLog.subjectType,
        subjectId: staffAuditLog.subjectId,
        details: staffAuditLog.details,
      })
      .from(staffAuditLog)
      .where(eq(staffAuditLog.memberUserUid, abroad.json().uid));
    expect(row).toEqual({
      action: 'CREATE_USER',
      companyUid: 'demo-main',
      placeUid: PLACE,
      staffUserUid: STAFF_UID,
      subjectType: 'user',
      subjectId: abroad.json().uid,
      details: { program: 'demo-club' },
    });
  });

  it('refuses a document or phone another member has, however typed, and a phone that is no number', async () => {
    const base = { document_type: 'NATIONAL_ID', document_number: '41230000', email: 'nuevo@test.pe' };
    const refusals: [object, string, Parameters<typeof errorMessage>[0]][] = [
      [{ document_type: 'NATIONAL_ID', document_number: ' 44556677 ' }, 'document_number', 'DOCUMENT_TAKEN'],
      [{ mobile_number: '987 654 321' }, 'mobile_number', 'MOBILE_TAKEN'],
      [{ mobile_number: '+51 987-654-321' }, 'mobile_number', 'MOBILE_TAKEN'],
      [{ mobile_number: '1234' }, 'mobile_number', 'INVALID_TELEPHONE'],
      [{ mobile_number: '+51 98x654321' }, 'mobile_number', 'INVALID_TELEPHONE'],
    ];
    for (const [change, field, code] of refusals) {
      const res = await create({ ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json(), JSON.stringify(change)).toEqual({ [field]: [errorMessage(code, 'es')] });
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'nuevo@test.pe'))).toEqual([]);
  });
});
