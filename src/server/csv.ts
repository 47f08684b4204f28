/**
 * CSV for spreadsheets, one rule for every export: a cell a spreadsheet would run as a formula
 * (=, +, -, @, tab or carriage return first) is defused with a leading apostrophe, since names,
 * sources and answers come from anybody's form or link; quotes, commas and line breaks are quoted.
 */
export type Cell = string | number | null;

export function csvCell(value: Cell): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line of a CSV file, with its CRLF end (RFC 4180, as spreadsheets expect). */
export const csvLine = (cells: ReadonlyArray<Cell>): string => `${cells.map(csvCell).join(',')}\r\n`;

/** Lines of cells as a CSV file. */
export function csvFile(lines: ReadonlyArray<ReadonlyArray<Cell>>): string {
  return lines.map(csvLine).join('');
}
