const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "November 21, 2026", the same on the server and in any browser. */
export function formatDate(date: Date): string {
  return dateFormat.format(date);
}

/**
 * Staff read times in the company's own zone (the offices and business hours are in Texas), not
 * the server's, which is often UTC; the reports' days are that zone's days too.
 */
export const COMPANY_TIME_ZONE = 'America/Chicago';

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: COMPANY_TIME_ZONE,
  timeZoneName: 'short',
});

/** "Nov 21, 2026, 2:19 PM CST": when something arrived, for the admin area. */
export function formatDateTime(date: Date): string {
  return dateTimeFormat.format(date);
}

/** "1 message", "3 messages". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** "$150,000 – $185,000 a year", "From $90,000 a year"; null without a range. */
export function formatSalaryRange(min: number | null, max: number | null, currency: string): string | null {
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 });
  if (min !== null && max !== null)
    return min === max ? `${money.format(min)} a year` : `${money.format(min)} – ${money.format(max)} a year`;
  if (min !== null) return `From ${money.format(min)} a year`;
  if (max !== null) return `Up to ${money.format(max)} a year`;
  return null;
}
