import { companyPaymentSettings } from '@storefront/db/schema/payments';
import { encryptSecret } from '@storefront/db/secrets';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { type AdminTokens, adminTenantFile, adminTokens } from '../admin.fixtures.ts';

// Architecture §10: owners set the company's provider; secrets are sealed at rest, answered and
// audited masked only; If-Match as other admin writes.

let t: Awaited<ReturnType<typeof createTestApp>>;
let tokens: AdminTokens;
const URL_ = '/api/admin/companies/demo-main/payment-provider/';

beforeAll(async () => {
  t = await createTestApp({ tenantFile: adminTenantFile() });
  tokens = await adminTokens(t.db);
}, 120_000);
afterAll(() => t?.close());

const call = (method: 'GET' | 'PUT', payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url: URL_,
    headers: { host: 'admin.localhost', authorization: `Token ${tokens.owner}`, ...headers },
    payload,
  });

describe('payment provider settings', () => {
  it('answers the demo sandbox with its secrets masked, stores new ones sealed, and keeps a secret left out', async () => {
    const got = await call('GET');
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json()).toMatchObject({
      provider: 'CULQI',
      public_key: 'pk_test_sandbox_demo',
      secret_key: '••••demo',
      enabled: true,
      transfer: { channel: 'Yape', number: '987654321' },
      // On the app's registered domain, to paste into the provider's panel.
      events_url: 'http://localhost/api/v5/payments/culqi/demo-main/events/',
    });
    const put = await call(
      'PUT',
      {
        provider: 'MERCADO_PAGO',
        public_key: 'TEST-public-key-0001',
        secret_key: 'TEST-access-token-9876',
        webhook_secret: 'whsec-new-secret-4321',
        enabled: true,
        transfer: null,
      },
      { 'if-match': `"${got.json().version}"` },
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ secret_key: '••••9876', webhook_secret: '••••4321', transfer: null });
    const [row] = await t.db
      .select()
      .from(companyPaymentSettings)
      .where(eq(companyPaymentSettings.companyUid, 'demo-main'));
    expect(row?.secretKeyEncrypted).not.toContain('9876');
    expect(JSON.stringify(row)).not.toContain('TEST-access-token-9876');
    const keep = await call('PUT', {
      provider: 'MERCADO_PAGO',
      public_key: 'TEST-public-key-0002',
      enabled: false,
      transfer: null,
    });
    expect(keep.json()).toMatchObject({ secret_key: '••••9876', enabled: false });
    const stale = await call(
      'PUT',
      { provider: null, enabled: false, transfer: null },
      { 'if-match': '"1"' },
    );
    expect(stale.statusCode).toBe(409);
    const audit = await t.app.inject({
      url: '/api/admin/companies/demo-main/audit-log/',
      headers: { host: 'admin.localhost', authorization: `Token ${tokens.owner}` },
    });
    expect(audit.body).not.toContain('TEST-access-token-9876');
    expect(audit.body).not.toContain('whsec-new-secret-4321');
  });

  it('shows a secret sealed under another SECRETS_KEY as unset, and takes a new one', async () => {
    await t.db
      .update(companyPaymentSettings)
      .set({ secretKeyEncrypted: encryptSecret(Buffer.alloc(32, 3), 'sk_test_under_an_old_key') })
      .where(eq(companyPaymentSettings.companyUid, 'demo-main'));
    const got = await call('GET');
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json().secret_key).toBeNull();
    const put = await call('PUT', {
      provider: 'CULQI',
      public_key: 'pk_test_again_0001',
      secret_key: 'sk_test_typed_again_5555',
      enabled: true,
      transfer: null,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().secret_key).toBe('••••5555');
  });

  it('is the owners’: a manager gets 403', async () => {
    const res = await t.app.inject({
      url: URL_,
      headers: { host: 'admin.localhost', authorization: `Token ${tokens.manager}` },
    });
    expect(res.statusCode).toBe(403);
  });
});
