/**
 * CSV as Excel and LibreOffice open it without an import dialog: UTF-8 with a byte order mark (else
 * Excel reads umlauts as Windows-1252), comma separated, CRLF line ends and quoting per RFC 4180.
 */
const BOM = '\uFEFF';

/**
 * Cells a spreadsheet would run as a formula (OWASP "CSV injection"): stored search queries are
 * free text typed by anyone, so "=HYPERLINK(…)" must arrive as text. A leading apostrophe makes
 * Excel and LibreOffice show the cell as text; tab and CR are on the list because some programs
 * strip them and then see the formula behind.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvCell = string | number;

function cell(value: CsvCell): string {
  // Numbers are ours (counts, means): never guarded, or a negative figure would turn into text.
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(cell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
