import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import type { SaleInput } from './receipt-amounts.ts';
import type { Buyer, Issuer } from './receipt-document.ts';

// What the receipts' tests share: a shop, its buyers, an order, and certificates made on the spot.

/** A fictional shop; its RUC's check digit is right (Σ = 131, 131 mod 11 = 10, 11 − 10 = 1). */
export const ISSUER: Issuer = {
  ruc: '20512345671',
  legalName: 'Sabores del Puerto S.A.C.',
  tradeName: 'Sabores del Puerto',
  address: {
    ubigeo: '150122',
    department: 'LIMA',
    province: 'LIMA',
    district: 'MIRAFLORES',
    line: 'Av. Larco 1234',
  },
  establishmentCode: '0000',
};

export const DNI_BUYER: Buyer = {
  documentType: 'DNI',
  documentNumber: '45678912',
  name: 'Rosa Quispe Mamani',
};
export const ANONYMOUS_BUYER: Buyer = { documentType: null, documentNumber: null, name: '' };
/** A fictional company (Σ = 192, 192 mod 11 = 5, 11 − 5 = 6). */
export const COMPANY_BUYER: Buyer = {
  documentType: 'RUC',
  documentNumber: '20987654326',
  name: 'Inversiones Andinas S.A.',
  address: 'Jr. Junín 456, Cercado de Lima',
};

/** Two lomos with an extra egg, a chicha, a S/ 10.00 coupon and a pisco sour given for coins: S/ 67.00. */
export const ORDER: SaleInput = {
  igvPercent: '18',
  lines: [
    {
      id: 'lomo',
      description: 'Lomo saltado + huevo frito',
      quantity: '2',
      unitPrice: '32.50',
      code: 'P-001',
    },
    { id: 'chicha', description: 'Chicha morada 1 L', quantity: '1', unitPrice: '12.00' },
  ],
  discounts: [{ label: 'Cupón BIENVENIDA', amount: '10.00' }],
  givenLines: [
    { id: 'pisco', description: 'Pisco sour (canje de monedas)', quantity: '1', referenceUnitPrice: '25.00' },
  ],
};

const DAY = 24 * 3_600_000;

// One RSA key for every certificate of a run: Node makes it in milliseconds, forge would take seconds.
const { privateKey: keyPem } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const privateKey = forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
const publicKey = forge.pki.setRsaPublicKey(privateKey.n, privateKey.e);

export interface TestCertificate {
  pkcs12: Buffer;
  password: string;
  certificatePem: string;
  privateKeyPem: string;
}

/**
 * A self-signed certificate as a PKCS#12, valid from `validFromDays` to `validToDays` days around `now`,
 * with the subject given (by default a CN and an OU naming the shop's RUC, as Peruvian CAs write it).
 */
export function makeCertificate(
  options: {
    now?: Date;
    validFromDays?: number;
    validToDays?: number;
    subject?: forge.pki.CertificateField[];
    password?: string;
    algorithm?: '3des' | 'aes256';
    withKey?: boolean;
  } = {},
): TestCertificate {
  const now = options.now ?? new Date();
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = publicKey;
  certificate.serialNumber = '0a1b2c3d';
  certificate.validity.notBefore = new Date(now.getTime() + (options.validFromDays ?? -1) * DAY);
  certificate.validity.notAfter = new Date(now.getTime() + (options.validToDays ?? 365) * DAY);
  const subject = options.subject ?? [
    { shortName: 'CN', value: 'SABORES DEL PUERTO S.A.C.' },
    { shortName: 'OU', value: `RUC ${ISSUER.ruc}` },
    { shortName: 'C', value: 'PE' },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.sign(privateKey, forge.md.sha256.create());
  const password = options.password ?? 'clave-del-certificado';
  const asn1 = forge.pkcs12.toPkcs12Asn1(
    options.withKey === false ? null : privateKey,
    certificate,
    password,
    {
      algorithm: options.algorithm ?? '3des',
    },
  );
  return {
    pkcs12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'),
    password,
    certificatePem: forge.pki.certificateToPem(certificate),
    privateKeyPem: keyPem,
  };
}
