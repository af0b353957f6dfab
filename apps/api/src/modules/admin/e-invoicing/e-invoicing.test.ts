import { Writable } from 'node:stream';
import { adminAuditLog } from '@storefront/db/schema/admin';
import { companyEInvoicing } from '@storefront/db/schema/receipts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { ISSUER, makeCertificate } from '../../receipts/receipts.fixtures.ts';
import {
  type AdminCallArgs,
  type AdminTokens,
  adminCall,
  adminTenantFile,
  adminTokens,
} from '../admin.fixtures.ts';

// Architecture §12: owners set the company's e-invoicing; the RUC and the certificate are checked with
// the receipts core, a refusal changes nothing, and no secret is answered, audited or logged.

let t: Awaited<ReturnType<typeof createTestApp>>;
let tokens: AdminTokens;
const logLines: string[] = [];
const answers: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ tenantFile: adminTenantFile(), logger: { level: 'debug', stream } });
  tokens = await adminTokens(t.db);
}, 120_000);
afterAll(() => t?.close());

async function call(...args: AdminCallArgs) {
  const res = await adminCall(t.app, ...args);
  answers.push(res.body);
  return res;
}
const put = (body: object, token = tokens.owner) => call(token, 'PUT', 'e-invoicing/', body);
const get = () => call(tokens.owner, 'GET', 'e-invoicing/');

const SOL_PASSWORD = 'solClave-7781';
const certificate = makeCertificate({ password: 'pfx-secreto-5521' });
const certificateBase64 = certificate.pkcs12.toString('base64');
const ADDRESS = { ...ISSUER.address };

/** A complete body for the shop of the core's fixtures; `changes` overrides its fields. */
const body = (changes: object = {}) => ({
  enabled: true,
  environment: 'BETA',
  ruc: ISSUER.ruc,
  legal_name: ISSUER.legalName,
  trade_name: ISSUER.tradeName,
  address: ADDRESS,
  igv_percent: '10.5',
  sol_user: 'MODDATOS',
  sol_password: SOL_PASSWORD,
  certificate: certificateBase64,
  certificate_password: certificate.password,
  ...changes,
});

describe('e-invoicing settings', () => {
  it('answers nothing set at first, with every place and no series', async () => {
    const res = await get();
    expect(res.statusCode, res.body).toBe(200);
    const got = res.json();
    expect(got).toMatchObject({
      enabled: false,
      environment: 'BETA',
      ruc: null,
      igv_percent: '18.00',
      sol_password: null,
      certificate: null,
      certificate_password: null,
      warnings: [],
      version: 0,
    });
    expect(got.places.length).toBeGreaterThan(0);
    expect(got.places[0]).toMatchObject({ establishment_code: null, boleta_series: null });
  });

  it('stores the settings with the certificate and the series, sealed, and answers them masked', async () => {
    const all: { uid: string; name: string }[] = (await get()).json().places;
    const place = all[0]?.uid ?? '';
    const seriesOf = (uid: string, index: number) => ({
      uid,
      establishment_code: `000${index}`,
      boleta_series: `B00${index + 1}`,
      factura_series: `F00${index + 1}`,
      boleta_note_series: `BC0${index + 1}`,
      factura_note_series: `FC0${index + 1}`,
    });
    // Enabled, every place needs its series: a sale there could not get its receipt otherwise.
    expect(all.length).toBeGreaterThan(1);
    const partial = await put(body({ places: [seriesOf(place, 0)] }));
    expect(partial.json()).toEqual({
      places: [`El local ${all[1]?.name} necesita su código de establecimiento y sus series.`],
    });
    const res = await put(body({ places: all.map((one, index) => seriesOf(one.uid, index)) }));
    expect(res.statusCode, res.body).toBe(200);
    const got = res.json();
    expect(got).toMatchObject({
      enabled: true,
      ruc: '20512345671',
      legal_name: 'Sabores del Puerto S.A.C.',
      address: ADDRESS,
      igv_percent: '10.50',
      sol_user: 'MODDATOS',
      sol_password: '••••••',
      certificate_password: '••••••',
      certificate: {
        subject: 'CN=SABORES DEL PUERTO S.A.C., OU=RUC 20512345671, C=PE',
        expires_soon: false,
      },
      warnings: [],
      version: 1,
    });
    expect(got.places.find((p: { uid: string }) => p.uid === place)).toMatchObject({
      establishment_code: '0000',
      boleta_series: 'B001',
      factura_note_series: 'FC01',
    });
    const [row] = await t.db
      .select()
      .from(companyEInvoicing)
      .where(eq(companyEInvoicing.companyUid, 'demo-main'));
    expect(row?.solPasswordEncrypted).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain(SOL_PASSWORD);
    expect(JSON.stringify(row)).not.toContain(certificateBase64.slice(200, 260));
    // Secrets left out keep the stored ones.
    const keep = await put(
      body({ sol_password: undefined, certificate: undefined, certificate_password: undefined }),
    );
    expect(keep.statusCode, keep.body).toBe(200);
    expect(keep.json()).toMatchObject({
      sol_password: '••••••',
      certificate: { expires_soon: false },
      version: 2,
    });
  });

  it('refuses each bad RUC or certificate with its reason and changes nothing', async () => {
    const before = (await get()).body;
    const cases: [object, Record<string, string[]>][] = [
      [{ ruc: '20512345672' }, { ruc: ['El RUC no es válido.'] }],
      [
        { certificate_password: 'otra-clave-0000' },
        { certificate_password: ['La contraseña no abre este certificado.'] },
      ],
      [
        { certificate: Buffer.from(certificate.certificatePem).toString('base64') },
        { certificate: ['El archivo no es un certificado PKCS#12 (.pfx o .p12).'] },
      ],
      [
        {
          certificate: makeCertificate({
            validFromDays: -400,
            validToDays: -1,
            password: certificate.password,
          }).pkcs12.toString('base64'),
        },
        { certificate: ['El certificado está vencido.'] },
      ],
      // A valid RUC (Σ = 192) that the certificate does not name: a new RUC is checked against the stored one too.
      [
        { ruc: '20987654326', certificate: undefined },
        { certificate: ['El certificado no corresponde al RUC indicado.'] },
      ],
      [{ certificate_password: undefined }, { certificate_password: ['Este campo es requerido.'] }],
      [{ igv_percent: '0' }, { igv_percent: ['El IGV debe ser mayor que 0 y menor que 100.'] }],
      [
        { legal_name: null, address: null },
        { legal_name: ['Este campo es requerido.'], address: ['Este campo es requerido.'] },
      ],
    ];
    for (const [changes, errors] of cases) {
      const res = await put(body(changes));
      expect(res.statusCode, JSON.stringify(changes)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    const place = (await get()).json().places[0].uid;
    const series = {
      establishment_code: '0001',
      boleta_series: 'B002',
      factura_series: 'F002',
      boleta_note_series: 'BC02',
      factura_note_series: 'FC02',
    };
    const unknown = await put(body({ places: [{ uid: 'no-such-place', ...series }] }));
    expect(unknown.json()).toEqual({ places: ['Uno de los locales no existe.'] });
    const badSeries = await put(body({ places: [{ uid: place, ...series, boleta_series: 'X002' }] }));
    expect(badSeries.statusCode).toBe(400);
    expect(badSeries.json()).toHaveProperty(['places.0.boleta_series']);
    expect((await get()).body).toBe(before);
  });

  it('takes a certificate ending within 30 days with a warning', async () => {
    const soon = makeCertificate({ validToDays: 20, password: 'pfx-pronto-1234' });
    const res = await put(
      body({ certificate: soon.pkcs12.toString('base64'), certificate_password: soon.password }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { certificate: shown, warnings } = res.json();
    expect(shown.expires_soon).toBe(true);
    expect(warnings).toEqual([
      `El certificado vence el ${shown.not_after.slice(0, 10)}: renuévelo antes de esa fecha.`,
    ]);
    expect((await get()).json().warnings).toEqual(warnings);
  });

  it('never answers, audits or logs a secret', async () => {
    const audit = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.objectType, 'e_invoicing'));
    expect(audit.length).toBe(3);
    const everything = [answers.join('\n'), JSON.stringify(audit), logLines.join('\n')];
    for (const text of everything) {
      expect(text).not.toContain(SOL_PASSWORD);
      expect(text).not.toContain(certificate.password);
      expect(text).not.toContain(certificateBase64.slice(200, 260));
    }
    expect(JSON.stringify(audit)).toContain('••••••');
  });

  it('is the owners’: a manager and staff get 403 and change nothing', async () => {
    const before = (await get()).body;
    for (const token of [tokens.manager, tokens.staff]) {
      expect((await call(token, 'GET', 'e-invoicing/')).statusCode).toBe(403);
      expect((await put(body({ enabled: false }), token)).statusCode).toBe(403);
    }
    expect((await get()).body).toBe(before);
  });
});
