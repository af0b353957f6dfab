import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import type { SigningCredentials } from './certificate.ts';
import { NAMESPACES, SIGNATURE_ID } from './receipt-document.ts';

// The enveloped XML signature SUNAT checks (decision 038): the whole document (Reference URI=""), less the
// signature itself, canonicalized with inclusive C14N 1.0 as in SUNAT's and greenter's examples, a SHA-256
// digest signed with RSA-SHA256, the signer's certificate in KeyInfo, placed in the document's
// ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent with Id="SignatureSP".

export const SIGNATURE_ALGORITHMS = {
  canonicalization: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  signature: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  digest: 'http://www.w3.org/2001/04/xmlenc#sha256',
  enveloped: 'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
} as const;

export interface SignedReceipt {
  xml: string;
  /** The DigestValue: the "hash" (valor resumen) printed on the receipt and in its QR code. */
  hash: string;
}

export function signReceipt(xml: string, credentials: SigningCredentials): SignedReceipt {
  const signature = new SignedXml({
    privateKey: credentials.privateKeyPem,
    publicCert: credentials.certificatePem,
    signatureAlgorithm: SIGNATURE_ALGORITHMS.signature,
    canonicalizationAlgorithm: SIGNATURE_ALGORITHMS.canonicalization,
  });
  signature.addReference({
    xpath: '/*',
    isEmptyUri: true,
    transforms: [SIGNATURE_ALGORITHMS.enveloped, SIGNATURE_ALGORITHMS.canonicalization],
    digestAlgorithm: SIGNATURE_ALGORITHMS.digest,
  });
  signature.computeSignature(xml, {
    prefix: 'ds',
    attrs: { Id: SIGNATURE_ID },
    location: {
      reference: "/*/*[local-name()='UBLExtensions']/*/*[local-name()='ExtensionContent']",
      action: 'append',
    },
  });
  const signed = signature.getSignedXml();
  const digest = new DOMParser()
    .parseFromString(signed, 'text/xml')
    .getElementsByTagNameNS(NAMESPACES.ds, 'DigestValue')
    .item(0)?.textContent;
  if (!digest) throw new Error('The signature has no DigestValue');
  return { xml: signed, hash: digest };
}
