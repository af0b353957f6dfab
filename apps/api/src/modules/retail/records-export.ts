import type { DocumentType, Language } from '@storefront/contracts/constants';
import type { RetailRedemption } from '@storefront/contracts/retail';
import { csvFile } from '../../lib/csv.ts';
import { localNow } from '../catalogue/pickup-schedule.ts';

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

const DOCUMENT_TYPES: Record<Language, Record<DocumentType, string>> = {
  es: {
    NATIONAL_ID: 'DNI',
    PASSPORT: 'Pasaporte',
    FOREIGNER_ID: 'Carné de extranjería',
    TAX_ID: 'RUC',
    OTHER: 'Otro documento',
  },
  en: {
    NATIONAL_ID: 'National ID',
    PASSPORT: 'Passport',
    FOREIGNER_ID: 'Foreigner ID',
    TAX_ID: 'Tax ID',
    OTHER: 'Other document',
  },
};

/** "2026-11-24 14:05": the wall-clock time of the place, as staff read it (not UTC). */
export function localDateTime(iso: string, timeZone: string): string {
  const { date, minutes } = localNow(new Date(iso), timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date} ${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
}

function rowOf(record: RetailRedemption, language: Language, timeZone: string): (string | number)[] {
  return [
    localDateTime(record.redeemed_at, timeZone),
    record.code,
    record.promotion.title,
    record.promotion.rate_discount,
    record.coins_spent,
    record.member.full_name,
    DOCUMENT_TYPES[language][record.member.document_type as DocumentType] ?? record.member.document_type,
    record.member.document_number ?? '',
    record.place.name,
    record.staff ?? '',
  ];
}

/** The records of one place, its times in the place's time zone. */
export function recordsCsv(records: RetailRedemption[], language: Language, timeZone: string): Buffer {
  return csvFile([HEADERS[language], ...records.map((record) => rowOf(record, language, timeZone))]);
}

/** The XLSX writer loads with the first download, not with the server. */
export async function recordsXlsx(
  records: RetailRedemption[],
  language: Language,
  timeZone: string,
): Promise<Buffer> {
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const header = HEADERS[language].map((value) => ({ value, fontWeight: 'bold' as const }));
  return writeXlsxFile([header, ...records.map((record) => rowOf(record, language, timeZone))], {
    sheet: language === 'es' ? 'Canjes' : 'Redemptions',
  }).toBuffer();
}
