import type { Language } from '@storefront/contracts/constants';
import type { RetailRedemption } from '@storefront/contracts/retail';

// The redemption records download (spec §2 "redemption records with download") as CSV or XLSX.

const HEADERS: Record<Language, string[]> = {
  es: [
    'Fecha',
    'Código',
    'Promoción',
    'Descuento (%)',
    'Monedas',
    'Cliente',
    'Tipo de documento',
    'Documento',
    'Tienda',
    'Atendido por',
  ],
  en: [
    'Date',
    'Code',
    'Promotion',
    'Discount (%)',
    'Coins',
    'Customer',
    'Document type',
    'Document',
    'Store',
    'Served by',
  ],
};

function rowOf(record: RetailRedemption): (string | number)[] {
  return [
    record.redeemed_at,
    record.code,
    record.promotion.title,
    record.promotion.rate_discount,
    record.coins_spent,
    record.member.full_name,
    record.member.document_type,
    record.member.document_number ?? '',
    record.place.name,
    record.staff ?? '',
  ];
}

/** RFC 4180 quoting; a cell a spreadsheet would run as a formula is prefixed with a quote. */
function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function recordsCsv(records: RetailRedemption[], language: Language): Buffer {
  const lines = [HEADERS[language], ...records.map(rowOf)].map((row) => row.map(csvCell).join(','));
  // The BOM makes spreadsheet programs read the accents as UTF-8.
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** The XLSX writer loads with the first download, not with the server. */
export async function recordsXlsx(records: RetailRedemption[], language: Language): Promise<Buffer> {
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const header = HEADERS[language].map((value) => ({ value, fontWeight: 'bold' as const }));
  return writeXlsxFile([header, ...records.map(rowOf)], {
    sheet: language === 'es' ? 'Canjes' : 'Redemptions',
  }).toBuffer();
}
