import { createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CertificateRefused, readCertificate } from './certificate.ts';
import { ISSUER, makeCertificate } from './receipts.fixtures.ts';

// Every certificate here is made by the test, its dates counted from the test's own now.
const now = new Date();
const RUC = ISSUER.ruc;

const refusal = (action: () => unknown) => {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(CertificateRefused);
    return (error as CertificateRefused).code;
  }
  throw new Error('The certificate was not refused');
};

describe('readCertificate', () => {
  it('opens a PKCS#12 with its password and gives its key and certificate in PEM', () => {
    for (const algorithm of ['3des', 'aes256'] as const) {
      const made = makeCertificate({ now, algorithm });
      const read = readCertificate(made.pkcs12, made.password, RUC, now);
      expect(read.certificatePem).toBe(made.certificatePem);
      expect(read.privateKeyPem).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);
      const publicOf = (pem: string) => createPublicKey(pem).export({ type: 'spki', format: 'pem' });
      expect(publicOf(read.privateKeyPem)).toBe(publicOf(made.certificatePem));
      expect(read.subject).toBe(`CN=SABORES DEL PUERTO S.A.C., OU=RUC ${RUC}, C=PE`);
      expect(read.expiresSoon).toBe(false);
    }
  });

  it('refuses a wrong password', () => {
    const made = makeCertificate({ now });
    expect(refusal(() => readCertificate(made.pkcs12, 'otra-clave', RUC, now))).toBe('WRONG_PASSWORD');
  });

  it('refuses a file that is not a PKCS#12, even a certificate', () => {
    const made = makeCertificate({ now });
    const der = Buffer.from(made.certificatePem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
    expect(refusal(() => readCertificate(der, made.password, RUC, now))).toBe('NOT_PKCS12');
    expect(refusal(() => readCertificate(Buffer.from(made.certificatePem), made.password, RUC, now))).toBe(
      'NOT_PKCS12',
    );
    expect(refusal(() => readCertificate(Buffer.from('%PDF-1.7 not a certificate'), 'x', RUC, now))).toBe(
      'NOT_PKCS12',
    );
  });

  it('refuses a PKCS#12 without the private key', () => {
    const made = makeCertificate({ now, withKey: false });
    expect(refusal(() => readCertificate(made.pkcs12, made.password, RUC, now))).toBe('NO_PRIVATE_KEY');
  });

  it('refuses a certificate that has expired or is not valid yet', () => {
    const expired = makeCertificate({ now, validFromDays: -400, validToDays: -1 });
    expect(refusal(() => readCertificate(expired.pkcs12, expired.password, RUC, now))).toBe('EXPIRED');
    const future = makeCertificate({ now, validFromDays: 1, validToDays: 400 });
    expect(refusal(() => readCertificate(future.pkcs12, future.password, RUC, now))).toBe('NOT_YET_VALID');
  });

  it('warns when the certificate expires within 30 days', () => {
    const soon = makeCertificate({ now, validToDays: 29 });
    expect(readCertificate(soon.pkcs12, soon.password, RUC, now).expiresSoon).toBe(true);
    const later = makeCertificate({ now, validToDays: 31 });
    expect(readCertificate(later.pkcs12, later.password, RUC, now).expiresSoon).toBe(false);
  });

  it('finds the RUC where Peruvian certification authorities write it', () => {
    const subjects = [
      [
        { shortName: 'CN', value: 'SABORES DEL PUERTO' },
        { name: 'serialNumber', value: RUC },
      ],
      [
        { shortName: 'CN', value: 'SABORES DEL PUERTO' },
        { name: 'serialNumber', value: `RUC${RUC}` },
      ],
      [{ shortName: 'OU', value: `DNI 09999999 RUC ${RUC} - CERTIFICADO PARA DEMOSTRACIÓN` }],
      [{ shortName: 'CN', value: `SABORES DEL PUERTO S.A.C. - RUC: ${RUC}` }],
      [
        { type: '2.5.4.97', value: `VATPE-${RUC}` },
        { shortName: 'CN', value: 'JUAN PÉREZ' },
      ],
    ];
    for (const subject of subjects) {
      const made = makeCertificate({ now, subject });
      expect(readCertificate(made.pkcs12, made.password, RUC, now).certificatePem).toBe(made.certificatePem);
    }
  });

  it('refuses a certificate of another RUC, or of none', () => {
    const subjects = [
      [{ shortName: 'OU', value: 'RUC 20987654326' }],
      [{ shortName: 'CN', value: 'SABORES DEL PUERTO S.A.C.' }],
      [{ name: 'serialNumber', value: `1${RUC}` }],
    ];
    for (const subject of subjects) {
      const made = makeCertificate({ now, subject });
      expect(refusal(() => readCertificate(made.pkcs12, made.password, RUC, now))).toBe('RUC_MISMATCH');
    }
  });
});
