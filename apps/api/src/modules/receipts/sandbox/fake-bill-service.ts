import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DOMImplementation, DOMParser, type Document, type Element, XMLSerializer } from '@xmldom/xmldom';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { NAMESPACES } from '../receipt-document.ts';
import { SCHEMAS, validateAgainstSchema, verifySignature } from '../receipts.xml-tools.ts';
import { SOAP_NAMESPACES } from '../sunat-bill-service.ts';
import { checkAmounts, type SunatFinding } from './sunat-checks.ts';

// A local stand-in for SUNAT's billService, for tests: it checks what SUNAT checks — the SOL user,
// the zip's name and content, the UBL schema (xmllint), the signature against the company's registered
// certificate (xmlsec1) and the amounts (sunat-checks.ts) — and answers as SUNAT does: a CDR zipped as
// R-{name}.zip (accepted, accepted with observations, rejected with a code) or a SOAP fault.

export interface FakeSunatAccount {
  ruc: string;
  solUser: string;
  solPassword: string;
  /** The certificate the company registered with SUNAT: the one its signatures must verify with. */
  certificatePem: string;
}

/** SUNAT's exceptions this fake raises, in SUNAT's words (catalogue of errors of the SFS). */
const FAULTS: Record<string, string> = {
  '0100': 'El sistema no puede responder su solicitud. Intente nuevamente o comuníquese con su Administrador',
  '0102': 'Usuario o contrasena incorrectos',
  '0127': 'El ticket no existe',
  '0151': 'El nombre del archivo ZIP es incorrecto',
  '0154':
    'El RUC del archivo no corresponde al RUC del usuario o el proveedor no esta autorizado a enviar comprobantes del contribuyente',
  '0155': 'El archivo ZIP esta vacio',
  '0156': 'El archivo ZIP esta corrupto',
  '0158': 'El archivo ZIP contiene demasiados comprobantes para este tipo de envío',
  '0160': 'El archivo XML esta vacio',
  '0161': 'El nombre del archivo XML no coincide con el nombre del archivo ZIP',
  '0306': 'No se puede leer (parsear) el archivo XML',
  '1032': 'El comprobante ya esta informado y se encuentra con estado anulado o rechazado',
  '1033': 'El comprobante fue registrado previamente con otros datos',
  '1034':
    'Número de RUC del nombre del archivo no coincide con el consignado en el contenido del archivo XML',
  '1035':
    'Numero de Serie del nombre del archivo no coincide con el consignado en el contenido del archivo XML',
  '1036':
    'Número de documento en el nombre del archivo no coincide con el consignado en el contenido del XML',
};
const ALTERED = { code: '2335', message: 'El documento electrónico ingresado ha sido alterado', error: true };
const SUNAT_RUC = '20131312955';

class SunatFault extends Error {
  constructor(readonly code: string) {
    super(FAULTS[code]);
  }
}

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

interface Registered {
  hash: string;
  cdr: Uint8Array;
  rejected: boolean;
}

export class FakeBillService {
  /** Answer the next this many requests with a 503 page, as an outage would. */
  outages = 0;
  /** How many times getStatus answers 98 ("still processing") for a ticket before its CDR. */
  pendingPolls = 1;
  /** Every request taken, for tests to look at. */
  readonly received: { operation: string; username: string; fileName: string }[] = [];
  private readonly documents = new Map<string, Registered>();
  private readonly tickets = new Map<string, { polls: number; cdr: Uint8Array; rejected: boolean }>();
  private ticketCount = 0;

  constructor(private readonly accounts: FakeSunatAccount[]) {}

  handle(body: string): Answer {
    if (this.outages > 0) {
      this.outages -= 1;
      return { status: 503, contentType: 'text/html', body: '<html><body>Service Unavailable</body></html>' };
    }
    try {
      const envelope = new DOMParser({ onError: () => {} }).parseFromString(body, 'text/xml');
      const text = (parent: Element | Document, name: string) =>
        parent.getElementsByTagNameNS('*', name).item(0)?.textContent?.trim() ?? '';
      const soapBody = envelope.getElementsByTagNameNS(SOAP_NAMESPACES.envelope, 'Body').item(0);
      const request = Array.from(soapBody?.childNodes ?? []).find((node) => node.nodeType === 1) as
        | Element
        | undefined;
      if (!request) throw new SunatFault('0100');
      const username = text(envelope, 'Username');
      const account = this.accounts.find(
        (candidate) =>
          `${candidate.ruc}${candidate.solUser}` === username &&
          candidate.solPassword === text(envelope, 'Password'),
      );
      this.received.push({
        operation: request.localName ?? '',
        username,
        fileName: text(request, 'fileName'),
      });
      if (!account) throw new SunatFault('0102');
      switch (request.localName) {
        case 'sendBill': {
          const cdr = this.sendBill(account, text(request, 'fileName'), text(request, 'contentFile'));
          return soapAnswer('sendBillResponse', { applicationResponse: base64(cdr) });
        }
        case 'sendSummary': {
          const ticket = this.sendSummary(account, text(request, 'fileName'), text(request, 'contentFile'));
          return soapAnswer('sendSummaryResponse', { ticket });
        }
        case 'getStatus':
          return this.getStatus(text(request, 'ticket'));
        default:
          throw new SunatFault('0100');
      }
    } catch (error) {
      if (error instanceof SunatFault) return soapFault(error.code, error.message);
      throw error;
    }
  }

  private sendBill(account: FakeSunatAccount, fileName: string, content: string): Uint8Array {
    const name = /^(\d{11})-(01|03|07|08)-([A-Z0-9]{4})-(\d{1,8})\.zip$/.exec(fileName);
    if (!name) throw new SunatFault('0151');
    const [ruc = '', type = '', series = '', number = ''] = name.slice(1);
    if (ruc !== account.ruc) throw new SunatFault('0154');
    const { base, xml, root } = readZip(fileName, content);
    const id = childText(root, 'ID');
    if (id.split('-')[0] !== series) throw new SunatFault('1035');
    if (id.split('-')[1] !== number) throw new SunatFault('1036');
    const supplier = root.getElementsByTagNameNS(NAMESPACES.cac, 'AccountingSupplierParty').item(0);
    if (supplier?.getElementsByTagNameNS(NAMESPACES.cbc, 'ID').item(0)?.textContent !== ruc) {
      throw new SunatFault('1034');
    }
    const hash = createHash('sha256').update(xml).digest('hex');
    const previous = this.documents.get(base);
    if (previous) {
      // The same document again (its answer was lost) gets its CDR again; other content under its number does not.
      if (previous.hash === hash) return previous.cdr;
      throw new SunatFault(previous.rejected ? '1032' : '1033');
    }
    const schema = root.localName === 'CreditNote' ? SCHEMAS.creditNote : SCHEMAS.invoice;
    if (!validateAgainstSchema(schema, [xml]).ok) throw new SunatFault('0306');
    const findings: SunatFinding[] = verifySignature(xml, account.certificatePem).ok
      ? checkAmounts(xml)
      : [ALTERED];
    const error = findings.find((finding) => finding.error);
    const kind = root.localName === 'CreditNote' ? 'Nota de Credito' : type === '01' ? 'Factura' : 'Boleta';
    const cdr = cdrZip(base, account.ruc, id, {
      code: error?.code ?? '0',
      description: error ? error.message : `La ${kind} numero ${id}, ha sido aceptada`,
      notes: error ? [] : findings.map((finding) => `${finding.code} - ${finding.message}`),
    });
    this.documents.set(base, { hash, cdr, rejected: Boolean(error) });
    return cdr;
  }

  private sendSummary(account: FakeSunatAccount, fileName: string, content: string): string {
    const name = /^(\d{11})-(RC|RA)-\d{8}-\d{1,5}\.zip$/.exec(fileName);
    if (!name) throw new SunatFault('0151');
    if (name[1] !== account.ruc) throw new SunatFault('0154');
    const { base, xml, root } = readZip(fileName, content);
    const signed = verifySignature(xml, account.certificatePem).ok;
    const id = childText(root, 'ID');
    const cdr = cdrZip(base, account.ruc, id, {
      code: signed ? '0' : ALTERED.code,
      description: signed ? `El Resumen diario ${id}, ha sido aceptado` : ALTERED.message,
      notes: [],
    });
    this.ticketCount += 1;
    const ticket = String(1_700_000_000_000 + this.ticketCount);
    this.tickets.set(ticket, { polls: this.pendingPolls, cdr, rejected: !signed });
    return ticket;
  }

  private getStatus(ticket: string): Answer {
    const known = this.tickets.get(ticket);
    if (!known) throw new SunatFault('0127');
    if (known.polls > 0) {
      known.polls -= 1;
      return soapAnswer('getStatusResponse', { status: { statusCode: '98' } });
    }
    return soapAnswer('getStatusResponse', {
      status: { content: base64(known.cdr), statusCode: known.rejected ? '99' : '0' },
    });
  }
}

function childText(root: Element, localName: string): string {
  const element = Array.from(root.childNodes).find(
    (node) => node.nodeType === 1 && (node as Element).localName === localName,
  );
  return element?.textContent?.trim() ?? '';
}

/** The one XML of a zip named as the zip, parsed. */
function readZip(fileName: string, content: string): { base: string; xml: string; root: Element } {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(Buffer.from(content, 'base64'));
  } catch {
    throw new SunatFault('0156');
  }
  const entries = Object.entries(files).filter(([name]) => !name.endsWith('/'));
  if (entries.length === 0) throw new SunatFault('0155');
  if (entries.length > 1) throw new SunatFault('0158');
  const [entryName, bytes] = entries[0] as [string, Uint8Array];
  const base = fileName.replace(/\.zip$/, '');
  if (entryName !== `${base}.xml`) throw new SunatFault('0161');
  if (bytes.length === 0) throw new SunatFault('0160');
  const xml = Buffer.from(bytes).toString('utf8');
  let failed = false;
  const root = new DOMParser({ onError: () => (failed = true) }).parseFromString(
    xml,
    'text/xml',
  ).documentElement;
  if (failed || !root) throw new SunatFault('0306');
  return { base, xml, root };
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** SUNAT's CDR: an ApplicationResponse as R-{name}.xml in R-{name}.zip. */
function cdrZip(
  base: string,
  ruc: string,
  documentId: string,
  response: { code: string; description: string; notes: string[] },
): Uint8Array {
  const namespace = 'urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2';
  const document = new DOMImplementation().createDocument(namespace, 'ar:ApplicationResponse', null);
  const add = (parent: Element, name: string, text?: string) => {
    const element = document.createElementNS(name.startsWith('cac:') ? NAMESPACES.cac : NAMESPACES.cbc, name);
    if (text !== undefined) element.appendChild(document.createTextNode(text));
    parent.appendChild(element);
    return element;
  };
  const root = document.documentElement as Element;
  const now = new Date(Date.now() - 5 * 3_600_000).toISOString();
  add(root, 'cbc:UBLVersionID', '2.0');
  add(root, 'cbc:CustomizationID', '1.0');
  add(root, 'cbc:ID', String(Date.now()));
  add(root, 'cbc:IssueDate', now.slice(0, 10));
  add(root, 'cbc:IssueTime', now.slice(11, 19));
  add(root, 'cbc:ResponseDate', now.slice(0, 10));
  add(root, 'cbc:ResponseTime', now.slice(11, 19));
  for (const note of response.notes) add(root, 'cbc:Note', note);
  add(add(add(root, 'cac:SenderParty'), 'cac:PartyIdentification'), 'cbc:ID', SUNAT_RUC);
  add(add(add(root, 'cac:ReceiverParty'), 'cac:PartyIdentification'), 'cbc:ID', `6-${ruc}`);
  const documentResponse = add(root, 'cac:DocumentResponse');
  const answer = add(documentResponse, 'cac:Response');
  add(answer, 'cbc:ReferenceID', documentId);
  add(answer, 'cbc:ResponseCode', response.code);
  add(answer, 'cbc:Description', response.description);
  add(add(documentResponse, 'cac:DocumentReference'), 'cbc:ID', documentId);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(document)}`;
  return zipSync({ [`R-${base}.xml`]: strToU8(xml) });
}

type Fields = { [name: string]: string | Fields };

function soapAnswer(name: string, fields: Fields): Answer {
  const document = new DOMImplementation().createDocument(
    SOAP_NAMESPACES.envelope,
    'soap-env:Envelope',
    null,
  );
  const fill = (parent: Element, values: Fields) => {
    for (const [field, value] of Object.entries(values)) {
      const element = document.createElementNS(null, field);
      if (typeof value === 'string') element.appendChild(document.createTextNode(value));
      else fill(element, value);
      parent.appendChild(element);
    }
  };
  const body = document.createElementNS(SOAP_NAMESPACES.envelope, 'soap-env:Body');
  const answer = document.createElementNS(SOAP_NAMESPACES.service, `br:${name}`);
  fill(answer, fields);
  body.appendChild(answer);
  (document.documentElement as Element).appendChild(body);
  return { status: 200, contentType: 'text/xml', body: new XMLSerializer().serializeToString(document) };
}

/** A fault as SUNAT sends them: its code after "Client." in faultcode. */
function soapFault(code: string, message: string): Answer {
  const document = new DOMImplementation().createDocument(
    SOAP_NAMESPACES.envelope,
    'soap-env:Envelope',
    null,
  );
  const body = document.createElementNS(SOAP_NAMESPACES.envelope, 'soap-env:Body');
  const fault = document.createElementNS(SOAP_NAMESPACES.envelope, 'soap-env:Fault');
  for (const [name, text] of [
    ['faultcode', `soap-env:Client.${code}`],
    ['faultstring', message],
  ] as const) {
    const element = document.createElementNS(null, name);
    element.appendChild(document.createTextNode(text));
    fault.appendChild(element);
  }
  body.appendChild(fault);
  (document.documentElement as Element).appendChild(body);
  return { status: 500, contentType: 'text/xml', body: new XMLSerializer().serializeToString(document) };
}

/** The fake on loopback: point SUNAT_BILL_SERVICE_URL at `url`. */
export async function startFakeBillService(accounts: FakeSunatAccount[]) {
  const fake = new FakeBillService(accounts);
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    try {
      const answer = fake.handle(body);
      res.statusCode = answer.status;
      res.setHeader('content-type', answer.contentType);
      res.end(answer.body);
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    fake,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ol-ti-itcpfegem-beta/billService`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
