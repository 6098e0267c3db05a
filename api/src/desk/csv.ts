/**
 * CSV for Excel and LibreOffice as a Russian owner opens it: UTF-8 with a BOM (or Excel reads
 * cp1251), `;` between cells (the list separator of a Russian locale), CRLF lines.
 *
 * CSV injection: a cell starting with = + - @ (or a tab / carriage return, which some programs
 * skip before reading a formula) would run as a formula when opened; it gets a leading '
 * (OWASP's advice). Shopper-typed text (name, address, comment) reaches these cells.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(';')}\r\n`;
}

export const BOM = '\uFEFF';
