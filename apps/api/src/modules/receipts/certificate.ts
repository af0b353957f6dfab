import forge from 'node-forge';

// A company's signing certificate: the PKCS#12 file (.pfx, .p12) its certification authority gave it,
// opened with its password. SUNAT accepts a certificate of the company's own RSA key that names its RUC.

export type CertificateProblem =
  | 'NOT_PKCS12'
  | 'WRONG_PASSWORD'
  | 'NO_PRIVATE_KEY'
  | 'NOT_YET_VALID'
  | 'EXPIRED'
  | 'RUC_MISMATCH';

export class CertificateRefused extends Error {
  override name = 'CertificateRefused';

  constructor(
    readonly code: CertificateProblem,
    message: string,
  ) {
    super(message);
  }
}

/** What signing needs: the private key and its certificate, in PEM. */
export interface SigningCredentials {
  privateKeyPem: string;
  certificatePem: string;
}

export interface CompanyCertificate extends SigningCredentials {
  /** The subject as the certificate writes it, e.g. "CN=…, OU=RUC 20131312955, O=…". */
  subject: string;
  notAfter: Date;
  /** It expires within 30 days: the owners should renew it now. */
  expiresSoon: boolean;
}

const EXPIRY_WARNING_MS = 30 * 24 * 3_600_000;

/**
 * Opens a PKCS#12 with its password and checks it can sign the company's receipts at `now`: a key and its
 * certificate, valid today, naming `ruc`. Peruvian certification authorities write the RUC in different
 * subject fields — the serial number ("20131312955" or "RUC20131312955"), an OU ("RUC 20131312955",
 * "DNI 09999999 RUC 10099999991 - …"), the CN, or the organization identifier ("VATPE-20131312955") —
 * so the RUC is looked for as 11 digits standing alone in any of them.
 */
export function readCertificate(
  pkcs12: Uint8Array,
  password: string,
  ruc: string,
  now: Date,
): CompanyCertificate {
  const { key, certificates } = openPkcs12(pkcs12, password);
  if (!key) throw new CertificateRefused('NO_PRIVATE_KEY', 'The file holds no private key');
  const modulus = key.n.toString(16);
  const certificate = certificates.find(
    (candidate) => (candidate.publicKey as forge.pki.rsa.PublicKey).n?.toString(16) === modulus,
  );
  if (!certificate)
    throw new CertificateRefused('NO_PRIVATE_KEY', 'No certificate in the file is of its key');

  const { notBefore, notAfter } = certificate.validity;
  if (now < notBefore) {
    throw new CertificateRefused('NOT_YET_VALID', `The certificate is valid from ${notBefore.toISOString()}`);
  }
  if (now > notAfter)
    throw new CertificateRefused('EXPIRED', `The certificate expired on ${notAfter.toISOString()}`);
  const numbers = certificate.subject.attributes.flatMap(
    (attribute): string[] => String(attribute.value ?? '').match(/(?<!\d)\d{11}(?!\d)/g) ?? [],
  );
  if (!numbers.includes(ruc)) {
    throw new CertificateRefused('RUC_MISMATCH', `The certificate's subject does not name RUC ${ruc}`);
  }
  return {
    privateKeyPem: forge.pki.privateKeyToPem(key),
    certificatePem: forge.pki.certificateToPem(certificate),
    subject: certificate.subject.attributes
      .map((attribute) => `${attribute.shortName ?? attribute.name ?? attribute.type}=${attribute.value}`)
      .join(', '),
    notAfter,
    expiresSoon: notAfter.getTime() - now.getTime() < EXPIRY_WARNING_MS,
  };
}

function openPkcs12(
  pkcs12: Uint8Array,
  password: string,
): { key: forge.pki.rsa.PrivateKey | null; certificates: forge.pki.Certificate[] } {
  let pfx: forge.pkcs12.Pkcs12Pfx;
  try {
    pfx = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(Buffer.from(pkcs12).toString('binary')), password);
  } catch (error) {
    const message = (error as Error).message;
    // forge says so when the MAC (or, without one, the decryption) fails: the password is wrong.
    if (/Invalid password|Failed to decrypt/.test(message)) {
      throw new CertificateRefused('WRONG_PASSWORD', 'The password does not open this certificate');
    }
    throw new CertificateRefused('NOT_PKCS12', `Not a PKCS#12 file with an RSA key: ${message}`);
  }
  const bags = (type: string) => pfx.getBags({ bagType: type })[type] ?? [];
  const keyBag = [
    ...bags(forge.pki.oids.pkcs8ShroudedKeyBag as string),
    ...bags(forge.pki.oids.keyBag as string),
  ].find((bag) => bag.key);
  return {
    key: (keyBag?.key as forge.pki.rsa.PrivateKey | undefined) ?? null,
    certificates: bags(forge.pki.oids.certBag as string).flatMap((bag) => (bag.cert ? [bag.cert] : [])),
  };
}
