import { DOMImplementation, DOMParser, type Element, XMLSerializer } from '@xmldom/xmldom';
import { unzipSync } from 'fflate';

// SUNAT's own service for taxpayers who send their receipts (SEE del contribuyente): the SOAP 1.1
// billService (sendBill, sendSummary, getStatus), authenticated by a WS-Security UsernameToken whose
// user is the RUC followed by the SOL user. An authorised provider (OSE/PSE) will be a second
// ReceiptSender; the queue that calls them does not know which it has.

export const SOAP_NAMESPACES = {
  envelope: 'http://schemas.xmlsoap.org/soap/envelope/',
  service: 'http://service.sunat.gob.pe',
  security: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd',
} as const;
const PASSWORD_TEXT =
  'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText';

/** SUNAT's answer about one document, from its CDR (constancia de recepción). */
export interface Cdr {
  status: 'ACCEPTED' | 'ACCEPTED_WITH_OBSERVATIONS' | 'REJECTED';
  /** ResponseCode: 0 accepted, 2000–3999 rejected, 4000 and up an observation. */
  code: string;
  description: string;
  /** The observations, "4287 - …" as SUNAT words them. */
  notes: string[];
  /** The document answered, e.g. "F001-7". */
  documentId: string;
  /** The zip as SUNAT sent it: it is kept with the receipt. */
  zip: Uint8Array;
}

export type SummaryStatus = { state: 'IN_PROGRESS' } | { state: 'DONE'; cdr: Cdr };

export interface ReceiptSender {
  /** A factura or its note, one by one: the CDR comes back at once. */
  sendBill(fileName: string, zip: Uint8Array): Promise<Cdr>;
  /** A daily summary (boletas and their notes): SUNAT answers a ticket to ask about later. */
  sendSummary(fileName: string, zip: Uint8Array): Promise<string>;
  getStatus(ticket: string): Promise<SummaryStatus>;
}

/** SUNAT answered with a fault (codes 0100–1999): the document was not taken; its code says why. */
export class BillServiceFault extends Error {
  override name = 'BillServiceFault';

  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Nothing usable came back (network, timeout, an answer that is no SOAP): try again later. */
export class BillServiceUnavailable extends Error {
  override name = 'BillServiceUnavailable';
}

export interface BillServiceAccount {
  /** SUNAT_BILL_SERVICE_URL: beta or production by the company's environment, or a local fake. */
  url: string;
  ruc: string;
  solUser: string;
  solPassword: string;
  timeoutMs?: number;
}

export function sunatBillService(account: BillServiceAccount): ReceiptSender {
  const call = (operation: string, fields: Record<string, string>) => callSoap(account, operation, fields);
  const base64 = (zip: Uint8Array) => Buffer.from(zip).toString('base64');
  return {
    async sendBill(fileName, zip) {
      const answer = await call('sendBill', { fileName, contentFile: base64(zip) });
      return readCdr(Buffer.from(textAt(answer, 'applicationResponse'), 'base64'));
    },
    async sendSummary(fileName, zip) {
      return textAt(await call('sendSummary', { fileName, contentFile: base64(zip) }), 'ticket');
    },
    async getStatus(ticket) {
      const answer = await call('getStatus', { ticket });
      const statusCode = textAt(answer, 'statusCode');
      // 98: still being processed; 0 done, 99 done with errors (the CDR says which).
      if (statusCode === '98') return { state: 'IN_PROGRESS' };
      if (statusCode === '0' || statusCode === '99') {
        return { state: 'DONE', cdr: readCdr(Buffer.from(textAt(answer, 'content'), 'base64')) };
      }
      throw new BillServiceFault(statusCode, `getStatus answered status ${statusCode}`);
    },
  };
}

function envelope(account: BillServiceAccount, operation: string, fields: Record<string, string>): string {
  const document = new DOMImplementation().createDocument(SOAP_NAMESPACES.envelope, 'soapenv:Envelope', null);
  const add = (parent: Element, namespace: string | null, name: string, text?: string) => {
    const element = document.createElementNS(namespace, name);
    if (text !== undefined) element.appendChild(document.createTextNode(text));
    parent.appendChild(element);
    return element;
  };
  const root = document.documentElement as Element;
  const token = add(
    add(add(root, SOAP_NAMESPACES.envelope, 'soapenv:Header'), SOAP_NAMESPACES.security, 'wsse:Security'),
    SOAP_NAMESPACES.security,
    'wsse:UsernameToken',
  );
  add(token, SOAP_NAMESPACES.security, 'wsse:Username', `${account.ruc}${account.solUser}`);
  add(token, SOAP_NAMESPACES.security, 'wsse:Password', account.solPassword).setAttribute(
    'Type',
    PASSWORD_TEXT,
  );
  const request = add(
    add(root, SOAP_NAMESPACES.envelope, 'soapenv:Body'),
    SOAP_NAMESPACES.service,
    `ser:${operation}`,
  );
  for (const [name, value] of Object.entries(fields)) add(request, null, name, value);
  return new XMLSerializer().serializeToString(document);
}

/** The operation's answer element, or the fault SUNAT gave as a BillServiceFault. */
async function callSoap(account: BillServiceAccount, operation: string, fields: Record<string, string>) {
  let response: Response;
  let body: string;
  try {
    response = await fetch(account.url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"urn:${operation}"` },
      body: envelope(account, operation, fields),
      signal: AbortSignal.timeout(account.timeoutMs ?? 30_000),
    });
    body = await response.text();
  } catch (error) {
    throw new BillServiceUnavailable(`${operation}: ${(error as Error).message}`);
  }
  const soapBody = parseSoapBody(body);
  if (!soapBody)
    throw new BillServiceUnavailable(`${operation}: HTTP ${response.status} without a SOAP answer`);
  const fault = soapBody.getElementsByTagNameNS(SOAP_NAMESPACES.envelope, 'Fault').item(0);
  if (fault) {
    const faultCode = textAt(fault, 'faultcode');
    const faultString = textAt(fault, 'faultstring');
    // SUNAT puts its error code in faultcode ("soap-env:Client.0102"), or else in faultstring.
    const code = /\d{4}/.exec(faultCode)?.[0] ?? /\d{4}/.exec(faultString)?.[0];
    if (!code) throw new BillServiceUnavailable(`${operation}: fault ${faultCode} ${faultString}`);
    throw new BillServiceFault(code, faultString);
  }
  const answer = soapBody.getElementsByTagNameNS(SOAP_NAMESPACES.service, `${operation}Response`).item(0);
  if (!answer) throw new BillServiceUnavailable(`${operation}: the answer has no ${operation}Response`);
  return answer;
}

function parseSoapBody(text: string): Element | null {
  try {
    const document = new DOMParser({ onError: () => {} }).parseFromString(text, 'text/xml');
    return document.getElementsByTagNameNS(SOAP_NAMESPACES.envelope, 'Body').item(0);
  } catch {
    return null;
  }
}

/** The text of the first descendant with this local name ('' when there is none). */
function textAt(parent: Element, localName: string): string {
  return parent.getElementsByTagNameNS('*', localName).item(0)?.textContent?.trim() ?? '';
}

/** Reads SUNAT's CDR: a zip holding R-{name}.xml, a UBL ApplicationResponse. */
function readCdr(zip: Uint8Array): Cdr {
  let xml: string | undefined;
  try {
    const entry = Object.entries(unzipSync(zip)).find(([name]) => name.toLowerCase().endsWith('.xml'));
    xml = entry && Buffer.from(entry[1]).toString('utf8');
  } catch {
    xml = undefined;
  }
  if (!xml) throw new BillServiceUnavailable('The CDR is not a zip holding an XML');
  const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement as Element;
  const response = root.getElementsByTagNameNS('*', 'DocumentResponse').item(0);
  if (!response) throw new BillServiceUnavailable('The CDR has no DocumentResponse');
  const code = textAt(response, 'ResponseCode');
  if (!/^\d+$/.test(code)) throw new BillServiceUnavailable('The CDR has no ResponseCode');
  const notes = Array.from(root.childNodes)
    .filter((node): node is Element => node.nodeType === 1 && (node as Element).localName === 'Note')
    .map((note) => note.textContent?.trim() ?? '');
  const number = Number(code);
  return {
    status:
      number === 0
        ? notes.length > 0
          ? 'ACCEPTED_WITH_OBSERVATIONS'
          : 'ACCEPTED'
        : number >= 4000
          ? 'ACCEPTED_WITH_OBSERVATIONS'
          : 'REJECTED',
    code,
    description: textAt(response, 'Description'),
    notes,
    documentId: textAt(response, 'ReferenceID'),
    zip,
  };
}
