import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The receipts' tests check our XML with tools that are not ours: libxml2's xmllint against SUNAT's UBL
// schemas, and xmlsec1 for the signature. proof-requirements.ts says when they are missing.

const XSD_DIR = fileURLToPath(new URL('./test-data/xsd/maindoc/', import.meta.url));
export const SCHEMAS = {
  invoice: join(XSD_DIR, 'UBL-Invoice-2.1.xsd'),
  creditNote: join(XSD_DIR, 'UBL-CreditNote-2.1.xsd'),
  applicationResponse: join(XSD_DIR, 'UBL-ApplicationResponse-2.1.xsd'),
};

export interface ToolResult {
  ok: boolean;
  output: string;
}

/** Runs a tool on files written to a temporary folder, then removes them. */
function withFiles(
  files: Record<string, string>,
  run: (path: (name: string) => string) => ToolResult,
): ToolResult {
  const dir = mkdtempSync(join(tmpdir(), 'receipts-'));
  try {
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    return run((name) => join(dir, name));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function tool(command: string, args: string[]): ToolResult {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) throw result.error;
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

/** `xmllint --noout --schema` on each document, in one run. */
export function validateAgainstSchema(schema: string, documents: string[]): ToolResult {
  const files = Object.fromEntries(documents.map((xml, index) => [`document-${index + 1}.xml`, xml]));
  return withFiles(files, (path) =>
    tool('xmllint', ['--noout', '--schema', schema, ...Object.keys(files).map(path)]),
  );
}

/**
 * `xmlsec1 --verify` taking the key only from the certificate inside the signature (X509Data), which
 * must be the one trusted: a changed byte or another certificate fails.
 */
export function verifySignature(xml: string, trustedCertificatePem: string): ToolResult {
  return withFiles({ 'signed.xml': xml, 'trusted.pem': trustedCertificatePem }, (path) =>
    tool('xmlsec1', [
      '--verify',
      '--enabled-key-data',
      'x509',
      '--trusted-pem',
      path('trusted.pem'),
      path('signed.xml'),
    ]),
  );
}
