/**
 * CSV for spreadsheets, one rule for every export: a cell a spreadsheet would run as a formula
 * (=, +, -, @, tab or carriage return first) is defused with a leading apostrophe, since names,
 * sources and answers come from anybody's form or link; quotes, commas and line breaks are quoted.
 */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Lines of cells as a CSV file (CRLF line ends, as RFC 4180 and spreadsheets expect). */
export function csvFile(lines: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
