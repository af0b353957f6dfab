import { centsToDecimal } from '@storefront/contracts/money';
import { isValidRuc } from '@storefront/contracts/ruc';
import { DOMImplementation, type Document, type Element, XMLSerializer } from '@xmldom/xmldom';
import { amountInWords } from './amount-in-words.ts';
import type { ReceiptAmounts, ReceiptLine } from './receipt-amounts.ts';
import { ReceiptRefused } from './receipt-refused.ts';

// The UBL 2.1 documents of SUNAT's customization 2.0: boleta (03), factura (01) and credit note (07),
// modelled on greenter's templates (invoice2.1, notacr2.1) and SUNAT's own (the SFS's
// ConvertirFacturaXML.ftl). Elements go in the order the UBL schemas require; the signature goes later
// into the empty ext:ExtensionContent (receipt-signature.ts).

export const NAMESPACES = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
} as const;

/** The Id of the ds:Signature, as in SUNAT's examples; cac:Signature points at it. */
export const SIGNATURE_ID = 'SignatureSP';

export type SaleKind = 'BOLETA' | 'FACTURA';

/** Catalogue 01. */
const DOCUMENT_TYPE_CODES = { FACTURA: '01', BOLETA: '03', CREDIT_NOTE: '07' } as const;
export type DocumentTypeCode = (typeof DOCUMENT_TYPE_CODES)[keyof typeof DOCUMENT_TYPE_CODES];

/** A recorded receipt's catalogue 01 code, for its file name when it is sent. */
export const documentTypeCode = (type: keyof typeof DOCUMENT_TYPE_CODES): DocumentTypeCode =>
  DOCUMENT_TYPE_CODES[type];

/** Catalogue 06; a buyer without a document is written with code 0 and number "-". */
const IDENTITY_DOCUMENT_CODES = { DNI: '1', CE: '4', RUC: '6', PASSPORT: '7' } as const;
export type BuyerDocumentType = keyof typeof IDENTITY_DOCUMENT_CODES;
const NO_DOCUMENT = { code: '0', number: '-' };

/** Catalogue 09: why a credit note. */
const CREDIT_NOTE_REASONS = {
  CANCELLATION: { code: '01', description: 'Anulación de la operación' },
  ITEM_RETURN: { code: '07', description: 'Devolución por ítem' },
} as const;
export type CreditNoteReason = keyof typeof CREDIT_NOTE_REASONS;

/** A boleta's buyer must be identified above S/ 700. */
const ANONYMOUS_BOLETA_LIMIT_CENTS = 70_000;

/** Catalogue 51: a sale inside Peru. */
const DOMESTIC_SALE = '0101';
const CURRENCY = 'PEN';

export interface Issuer {
  ruc: string;
  legalName: string;
  tradeName?: string;
  /** The fiscal address: its ubigeo (INEI's 6 digits) and its names. */
  address: { ubigeo: string; department: string; province: string; district: string; line: string };
  /** SUNAT's code of the premises that sells (0000 the fiscal address). */
  establishmentCode: string;
}

export interface Buyer {
  /** null: a boleta's buyer who gave no document. */
  documentType: BuyerDocumentType | null;
  documentNumber: string | null;
  name: string;
  address?: string;
}

export interface SaleReceiptInput {
  kind: SaleKind;
  series: string;
  number: number;
  issuedAt: Date;
  issuer: Issuer;
  buyer: Buyer;
  amounts: ReceiptAmounts;
}

export interface CreditNoteInput {
  series: string;
  number: number;
  issuedAt: Date;
  issuer: Issuer;
  buyer: Buyer;
  refersTo: { kind: SaleKind; series: string; number: number };
  reason: CreditNoteReason;
  amounts: ReceiptAmounts;
}

/** A document as built, before signing, with what its file name and printed QR code need. */
export interface ReceiptDocument {
  ruc: string;
  type: DocumentTypeCode;
  series: string;
  number: number;
  /** Lima's date of issue, YYYY-MM-DD. */
  issueDate: string;
  buyerDocument: { code: string; number: string };
  igvCents: number;
  totalCents: number;
  xml: string;
}

const SERIES: Record<SaleKind, { sale: RegExp; creditNote: RegExp }> = {
  BOLETA: { sale: /^B\d{3}$/, creditNote: /^BC\d{2}$/ },
  FACTURA: { sale: /^F\d{3}$/, creditNote: /^FC\d{2}$/ },
};

export function buildSaleReceipt(input: SaleReceiptInput): ReceiptDocument {
  checkNumbering(input.series, SERIES[input.kind].sale, input.number);
  checkIssuer(input.issuer);
  const buyer = buyerDocument(input.kind, input.buyer);
  const anonymous = input.buyer.documentType === null;
  if (input.kind === 'BOLETA' && anonymous && input.amounts.totalCents > ANONYMOUS_BOLETA_LIMIT_CENTS) {
    throw new ReceiptRefused(
      'BUYER_DOCUMENT_REQUIRED',
      'A boleta over S/ 700 must name the buyer’s document',
    );
  }
  const type = DOCUMENT_TYPE_CODES[input.kind];
  const ubl = new UblDocument(NAMESPACES.invoice, 'Invoice');
  const { root } = ubl;
  ubl.header(`${input.series}-${input.number}`, input.issuedAt);
  ubl.add(root, 'cbc:InvoiceTypeCode', type, { listID: DOMESTIC_SALE });
  ubl.legends(input.amounts);
  ubl.add(root, 'cbc:DocumentCurrencyCode', CURRENCY);
  ubl.parties(input.issuer, buyer, input.buyer);
  if (input.kind === 'FACTURA') {
    // Since 2021 a factura states whether it is paid at once ("Contado") or on credit.
    const terms = ubl.add(root, 'cac:PaymentTerms');
    ubl.add(terms, 'cbc:ID', 'FormaPago');
    ubl.add(terms, 'cbc:PaymentMeansID', 'Contado');
  }
  ubl.taxTotal(root, input.amounts);
  const total = ubl.add(root, 'cac:LegalMonetaryTotal');
  ubl.amount(total, 'cbc:LineExtensionAmount', input.amounts.valueCents);
  ubl.amount(total, 'cbc:TaxInclusiveAmount', input.amounts.totalCents);
  ubl.amount(total, 'cbc:PayableAmount', input.amounts.totalCents);
  input.amounts.lines.forEach((line, index) => {
    ubl.line('cac:InvoiceLine', 'cbc:InvoicedQuantity', index + 1, line, input.amounts.igvPercent);
  });
  return documentOf(input, type, buyer, ubl);
}

export function buildCreditNote(input: CreditNoteInput): ReceiptDocument {
  checkNumbering(input.series, SERIES[input.refersTo.kind].creditNote, input.number);
  checkNumbering(input.refersTo.series, SERIES[input.refersTo.kind].sale, input.refersTo.number);
  checkIssuer(input.issuer);
  const buyer = buyerDocument(input.refersTo.kind, input.buyer);
  const reason = CREDIT_NOTE_REASONS[input.reason];
  const refersTo = `${input.refersTo.series}-${input.refersTo.number}`;
  const ubl = new UblDocument(NAMESPACES.creditNote, 'CreditNote');
  const { root } = ubl;
  ubl.header(`${input.series}-${input.number}`, input.issuedAt);
  ubl.legends(input.amounts);
  ubl.add(root, 'cbc:DocumentCurrencyCode', CURRENCY);
  const discrepancy = ubl.add(root, 'cac:DiscrepancyResponse');
  ubl.add(discrepancy, 'cbc:ReferenceID', refersTo);
  ubl.add(discrepancy, 'cbc:ResponseCode', reason.code);
  ubl.add(discrepancy, 'cbc:Description', reason.description);
  const reference = ubl.add(ubl.add(root, 'cac:BillingReference'), 'cac:InvoiceDocumentReference');
  ubl.add(reference, 'cbc:ID', refersTo);
  ubl.add(reference, 'cbc:DocumentTypeCode', DOCUMENT_TYPE_CODES[input.refersTo.kind]);
  ubl.parties(input.issuer, buyer, input.buyer);
  ubl.taxTotal(root, input.amounts);
  ubl.amount(ubl.add(root, 'cac:LegalMonetaryTotal'), 'cbc:PayableAmount', input.amounts.totalCents);
  input.amounts.lines.forEach((line, index) => {
    ubl.line('cac:CreditNoteLine', 'cbc:CreditedQuantity', index + 1, line, input.amounts.igvPercent);
  });
  return documentOf(input, DOCUMENT_TYPE_CODES.CREDIT_NOTE, buyer, ubl);
}

function documentOf(
  input: { series: string; number: number; issuedAt: Date; issuer: Issuer; amounts: ReceiptAmounts },
  type: DocumentTypeCode,
  buyer: { code: string; number: string },
  ubl: UblDocument,
): ReceiptDocument {
  return {
    ruc: input.issuer.ruc,
    type,
    series: input.series,
    number: input.number,
    issueDate: limaTime(input.issuedAt).date,
    buyerDocument: buyer,
    igvCents: input.amounts.igvCents,
    totalCents: input.amounts.totalCents,
    xml: ubl.toString(),
  };
}

function checkNumbering(series: string, pattern: RegExp, number: number): void {
  if (!pattern.test(series))
    throw new ReceiptRefused('INVALID_SERIES', `Series "${series}" is not ${pattern.source}`);
  if (!Number.isInteger(number) || number < 1 || number > 99_999_999) {
    throw new ReceiptRefused('INVALID_NUMBER', `Number ${number} is not between 1 and 99999999`);
  }
}

function checkIssuer(issuer: Issuer): void {
  const problem = !isValidRuc(issuer.ruc)
    ? `RUC "${issuer.ruc}" is not valid`
    : !/^\d{6}$/.test(issuer.address.ubigeo)
      ? `ubigeo "${issuer.address.ubigeo}" is not 6 digits`
      : !/^\d{4}$/.test(issuer.establishmentCode)
        ? `establishment code "${issuer.establishmentCode}" is not 4 digits`
        : issuer.legalName.trim().length < 3
          ? 'the legal name is missing'
          : null;
  if (problem) throw new ReceiptRefused('INVALID_ISSUER', `The issuer's ${problem}`);
}

const DOCUMENT_NUMBER: Record<BuyerDocumentType, (number: string) => boolean> = {
  DNI: (number) => /^\d{8}$/.test(number),
  RUC: isValidRuc,
  CE: (number) => /^[A-Z0-9]{1,12}$/i.test(number),
  PASSPORT: (number) => /^[A-Z0-9]{1,12}$/i.test(number),
};

/** The buyer's catalogue 06 code and number; a factura's buyer is a company with a RUC. */
function buyerDocument(kind: SaleKind, buyer: Buyer): { code: string; number: string } {
  if (kind === 'FACTURA' && (buyer.documentType !== 'RUC' || buyer.name.trim().length < 3)) {
    throw new ReceiptRefused('FACTURA_NEEDS_RUC', 'A factura needs the buyer’s RUC and legal name');
  }
  if (buyer.documentType === null) return NO_DOCUMENT;
  const number = buyer.documentNumber ?? '';
  if (!DOCUMENT_NUMBER[buyer.documentType](number)) {
    throw new ReceiptRefused('INVALID_BUYER_DOCUMENT', `"${number}" is not a valid ${buyer.documentType}`);
  }
  return { code: IDENTITY_DOCUMENT_CODES[buyer.documentType], number: number.toUpperCase() };
}

/** Peru is UTC−5 all year. */
function limaTime(instant: Date): { date: string; time: string } {
  const lima = new Date(instant.getTime() - 5 * 3_600_000).toISOString();
  return { date: lima.slice(0, 10), time: lima.slice(11, 19) };
}

/** Catalogue 05: IGV on what is sold, "free" (9996) for what is given free of charge. */
const IGV_SCHEME = { id: '1000', name: 'IGV', typeCode: 'VAT' };
const FREE_SCHEME = { id: '9996', name: 'GRA', typeCode: 'FRE' };

const schemeOf = (line: ReceiptLine) => (line.affectation === '10' ? IGV_SCHEME : FREE_SCHEME);

class UblDocument {
  readonly document: Document;
  readonly root: Element;

  constructor(namespace: string, name: string) {
    this.document = new DOMImplementation().createDocument(namespace, name, null);
    this.root = this.document.documentElement as Element;
    for (const prefix of ['cac', 'cbc', 'ext', 'ds'] as const) {
      this.root.setAttributeNS('http://www.w3.org/2000/xmlns/', `xmlns:${prefix}`, NAMESPACES[prefix]);
    }
  }

  add(parent: Element, name: string, text?: string, attributes: Record<string, string> = {}): Element {
    const prefix = name.split(':')[0] as 'cac' | 'cbc' | 'ext';
    const element = this.document.createElementNS(NAMESPACES[prefix], name);
    for (const [attribute, value] of Object.entries(attributes)) element.setAttribute(attribute, value);
    if (text !== undefined) element.appendChild(this.document.createTextNode(text));
    parent.appendChild(element);
    return element;
  }

  /** An amount in soles, from cents or already as SUNAT's decimal text (unit prices carry ten decimals). */
  amount(parent: Element, name: string, amount: number | string): Element {
    return this.add(parent, name, typeof amount === 'number' ? centsToDecimal(amount) : amount, {
      currencyID: CURRENCY,
    });
  }

  header(id: string, issuedAt: Date): void {
    this.add(this.add(this.add(this.root, 'ext:UBLExtensions'), 'ext:UBLExtension'), 'ext:ExtensionContent');
    this.add(this.root, 'cbc:UBLVersionID', '2.1');
    this.add(this.root, 'cbc:CustomizationID', '2.0');
    this.add(this.root, 'cbc:ID', id);
    const { date, time } = limaTime(issuedAt);
    this.add(this.root, 'cbc:IssueDate', date);
    this.add(this.root, 'cbc:IssueTime', time);
  }

  /** Catalogue 52: the total in words (1000) and, when something is given, the free transfer's (1002). */
  legends(amounts: ReceiptAmounts): void {
    this.add(this.root, 'cbc:Note', amountInWords(amounts.totalCents), { languageLocaleID: '1000' });
    if (amounts.lines.some((line) => line.affectation !== '10')) {
      this.add(
        this.root,
        'cbc:Note',
        'TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE',
        {
          languageLocaleID: '1002',
        },
      );
    }
  }

  parties(issuer: Issuer, buyerDocument: { code: string; number: string }, buyer: Buyer): void {
    const signature = this.add(this.root, 'cac:Signature');
    this.add(signature, 'cbc:ID', `ID${SIGNATURE_ID}`);
    const signatory = this.add(signature, 'cac:SignatoryParty');
    this.add(this.add(signatory, 'cac:PartyIdentification'), 'cbc:ID', issuer.ruc);
    this.add(this.add(signatory, 'cac:PartyName'), 'cbc:Name', issuer.legalName);
    const attachment = this.add(signature, 'cac:DigitalSignatureAttachment');
    this.add(this.add(attachment, 'cac:ExternalReference'), 'cbc:URI', `#${SIGNATURE_ID}`);

    const supplier = this.add(this.add(this.root, 'cac:AccountingSupplierParty'), 'cac:Party');
    this.add(this.add(supplier, 'cac:PartyIdentification'), 'cbc:ID', issuer.ruc, { schemeID: '6' });
    if (issuer.tradeName) this.add(this.add(supplier, 'cac:PartyName'), 'cbc:Name', issuer.tradeName);
    const supplierEntity = this.add(supplier, 'cac:PartyLegalEntity');
    this.add(supplierEntity, 'cbc:RegistrationName', issuer.legalName);
    const address = this.add(supplierEntity, 'cac:RegistrationAddress');
    this.add(address, 'cbc:ID', issuer.address.ubigeo);
    this.add(address, 'cbc:AddressTypeCode', issuer.establishmentCode);
    this.add(address, 'cbc:CityName', issuer.address.province);
    this.add(address, 'cbc:CountrySubentity', issuer.address.department);
    this.add(address, 'cbc:District', issuer.address.district);
    this.add(this.add(address, 'cac:AddressLine'), 'cbc:Line', issuer.address.line);
    this.add(this.add(address, 'cac:Country'), 'cbc:IdentificationCode', 'PE');

    const customer = this.add(this.add(this.root, 'cac:AccountingCustomerParty'), 'cac:Party');
    this.add(this.add(customer, 'cac:PartyIdentification'), 'cbc:ID', buyerDocument.number, {
      schemeID: buyerDocument.code,
    });
    const customerEntity = this.add(customer, 'cac:PartyLegalEntity');
    // SUNAT wants at least three characters; a buyer who gave no name is the customary "clientes varios".
    const name = buyer.name.trim();
    this.add(customerEntity, 'cbc:RegistrationName', name.length >= 3 ? name : 'CLIENTES VARIOS');
    if (buyer.address?.trim()) {
      const customerAddress = this.add(customerEntity, 'cac:RegistrationAddress');
      this.add(this.add(customerAddress, 'cac:AddressLine'), 'cbc:Line', buyer.address.trim());
    }
  }

  /** The document's taxes: IGV on what was sold (1000) and what was given for free (9996). */
  taxTotal(parent: Element, amounts: ReceiptAmounts): void {
    const taxTotal = this.add(parent, 'cac:TaxTotal');
    this.amount(taxTotal, 'cbc:TaxAmount', amounts.igvCents);
    if (amounts.lines.some((line) => line.affectation === '10')) {
      this.taxSubtotal(taxTotal, amounts.valueCents, amounts.igvCents, IGV_SCHEME);
    }
    if (amounts.lines.some((line) => line.affectation !== '10')) {
      this.taxSubtotal(taxTotal, amounts.freeValueCents, amounts.freeIgvCents, FREE_SCHEME);
    }
  }

  private taxSubtotal(
    taxTotal: Element,
    taxableCents: number,
    taxCents: number,
    scheme: { id: string; name: string; typeCode: string },
    category?: { percent: string; affectation: string },
  ): void {
    const subtotal = this.add(taxTotal, 'cac:TaxSubtotal');
    this.amount(subtotal, 'cbc:TaxableAmount', taxableCents);
    this.amount(subtotal, 'cbc:TaxAmount', taxCents);
    const taxCategory = this.add(subtotal, 'cac:TaxCategory');
    if (category) {
      this.add(taxCategory, 'cbc:Percent', category.percent);
      this.add(taxCategory, 'cbc:TaxExemptionReasonCode', category.affectation);
    }
    const taxSchemeElement = this.add(taxCategory, 'cac:TaxScheme');
    this.add(taxSchemeElement, 'cbc:ID', scheme.id);
    this.add(taxSchemeElement, 'cbc:Name', scheme.name);
    this.add(taxSchemeElement, 'cbc:TaxTypeCode', scheme.typeCode);
  }

  line(name: string, quantityName: string, position: number, line: ReceiptLine, igvPercent: string): void {
    const element = this.add(this.root, name);
    this.add(element, 'cbc:ID', String(position));
    this.add(element, quantityName, line.quantity, { unitCode: line.unitCode });
    this.amount(element, 'cbc:LineExtensionAmount', line.valueCents);
    const price = this.add(this.add(element, 'cac:PricingReference'), 'cac:AlternativeConditionPrice');
    // Catalogue 16: 01 the unit price paid with taxes, 02 the reference value of something given.
    this.amount(price, 'cbc:PriceAmount', line.unitPrice ?? line.referenceUnitValue ?? 0);
    this.add(price, 'cbc:PriceTypeCode', line.unitPrice === null ? '02' : '01');
    for (const allowance of line.allowances) {
      const charge = this.add(element, 'cac:AllowanceCharge');
      this.add(charge, 'cbc:ChargeIndicator', 'false');
      this.add(charge, 'cbc:AllowanceChargeReasonCode', '00');
      this.add(charge, 'cbc:MultiplierFactorNumeric', allowance.factor);
      this.amount(charge, 'cbc:Amount', allowance.amountCents);
      this.amount(charge, 'cbc:BaseAmount', allowance.baseCents);
    }
    const taxTotal = this.add(element, 'cac:TaxTotal');
    this.amount(taxTotal, 'cbc:TaxAmount', line.igvCents);
    this.taxSubtotal(taxTotal, line.valueCents, line.igvCents, schemeOf(line), {
      percent: igvPercent,
      affectation: line.affectation,
    });
    const item = this.add(element, 'cac:Item');
    this.add(item, 'cbc:Description', line.description);
    if (line.code) this.add(this.add(item, 'cac:SellersItemIdentification'), 'cbc:ID', line.code);
    this.amount(this.add(element, 'cac:Price'), 'cbc:PriceAmount', line.unitValue);
  }

  toString(): string {
    return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(this.document)}`;
  }
}
