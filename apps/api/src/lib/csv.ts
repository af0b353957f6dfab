// CSV files the staff and the admin site download (and import back): UTF-8 with a BOM, RFC 4180 quoting.

/** A text a spreadsheet would run as a formula (CSV injection): it is written with a leading quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** RFC 4180 quoting; a text cell a spreadsheet would run as a formula is prefixed with a quote. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The cell's text as it was before csvCell guarded it, so that an exported file imports unchanged. */
export function unguardCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** A whole file; the BOM makes spreadsheet programs read the accents as UTF-8. */
export function csvFile(rows: (string | number)[][]): Buffer {
  return Buffer.from(`\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`, 'utf8');
}
