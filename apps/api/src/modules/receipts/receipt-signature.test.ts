import { DOMParser, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { hasXmlTools } from '../../test/proof-requirements.ts';
import { readCertificate } from './certificate.ts';
import { refundAmounts, saleAmounts } from './receipt-amounts.ts';
import { buildCreditNote, buildSaleReceipt, NAMESPACES } from './receipt-document.ts';
import { signReceipt } from './receipt-signature.ts';
import { COMPANY_BUYER, DNI_BUYER, ISSUER, makeCertificate, ORDER } from './receipts.fixtures.ts';
import { verifySignature } from './receipts.xml-tools.ts';

const now = new Date();
const made = makeCertificate({ now });
const credentials = readCertificate(made.pkcs12, made.password, ISSUER.ruc, now);

const boleta = buildSaleReceipt({
  kind: 'BOLETA',
  series: 'B001',
  number: 12,
  issuedAt: now,
  issuer: ISSUER,
  buyer: DNI_BUYER,
  amounts: saleAmounts(ORDER),
});
const signed = signReceipt(boleta.xml, credentials);

function signatureOf(xml: string): Element {
  const signatures = new DOMParser()
    .parseFromString(xml, 'text/xml')
    .getElementsByTagNameNS(NAMESPACES.ds, 'Signature');
  expect(signatures.length).toBe(1);
  return signatures.item(0) as Element;
}

const child = (element: Element, name: string) =>
  element.getElementsByTagNameNS(NAMESPACES.ds, name).item(0) as Element;

describe('signReceipt', () => {
  it('puts one enveloped signature with Id SignatureSP inside the UBL extension', () => {
    const signature = signatureOf(signed.xml);
    expect(signature.getAttribute('Id')).toBe('SignatureSP');
    const extensionContent = signature.parentNode as Element;
    expect([extensionContent.namespaceURI, extensionContent.localName]).toEqual([
      NAMESPACES.ext,
      'ExtensionContent',
    ]);
    expect((extensionContent.parentNode as Element).localName).toBe('UBLExtension');
    expect(child(signature, 'Reference').getAttribute('URI')).toBe('');
  });

  it('signs with RSA-SHA256 over a SHA-256 digest of the C14N form, less the signature', () => {
    const signature = signatureOf(signed.xml);
    expect(child(signature, 'CanonicalizationMethod').getAttribute('Algorithm')).toBe(
      'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
    );
    expect(child(signature, 'SignatureMethod').getAttribute('Algorithm')).toBe(
      'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    );
    expect(child(signature, 'DigestMethod').getAttribute('Algorithm')).toBe(
      'http://www.w3.org/2001/04/xmlenc#sha256',
    );
    const transforms = Array.from(signature.getElementsByTagNameNS(NAMESPACES.ds, 'Transform')).map(
      (transform) => transform.getAttribute('Algorithm'),
    );
    expect(transforms).toEqual([
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
    ]);
  });

  it('carries the signer’s certificate in KeyInfo', () => {
    const body = made.certificatePem.replace(/-----[^-]+-----|\s/g, '');
    expect(child(signatureOf(signed.xml), 'X509Certificate').textContent?.replace(/\s/g, '')).toBe(body);
  });

  it('gives the digest as the receipt’s hash: 32 bytes in base64', () => {
    expect(signed.hash).toBe(child(signatureOf(signed.xml), 'DigestValue').textContent);
    expect(Buffer.from(signed.hash, 'base64')).toHaveLength(32);
  });
});

describe.skipIf(!hasXmlTools())('the signature checked by xmlsec1', () => {
  it('verifies on a boleta, a factura and a credit note', () => {
    const factura = buildSaleReceipt({
      kind: 'FACTURA',
      series: 'F001',
      number: 7,
      issuedAt: now,
      issuer: ISSUER,
      buyer: COMPANY_BUYER,
      amounts: saleAmounts(ORDER),
    });
    const creditNote = buildCreditNote({
      series: 'BC01',
      number: 1,
      issuedAt: now,
      issuer: ISSUER,
      buyer: DNI_BUYER,
      refersTo: { kind: 'BOLETA', series: 'B001', number: 12 },
      reason: 'CANCELLATION',
      amounts: refundAmounts(saleAmounts(ORDER), 'ALL'),
    });
    for (const xml of [
      signed.xml,
      signReceipt(factura.xml, credentials).xml,
      signReceipt(creditNote.xml, credentials).xml,
    ]) {
      const check = verifySignature(xml, made.certificatePem);
      expect(check.output).toContain('SignedInfo References (ok/all): 1/1');
      expect(check.ok, check.output).toBe(true);
    }
  });

  it('fails once an amount is changed', () => {
    const tampered = signed.xml.replace(
      '<cbc:PayableAmount currencyID="PEN">67.00</cbc:PayableAmount>',
      '<cbc:PayableAmount currencyID="PEN">6.70</cbc:PayableAmount>',
    );
    expect(tampered).not.toBe(signed.xml);
    const check = verifySignature(tampered, made.certificatePem);
    expect(check.ok).toBe(false);
    expect(check.output).toContain('data and digest do not match');
  });
});
