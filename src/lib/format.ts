const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "November 21, 2026", the same on the server and in any browser. */
export function formatDate(date: Date): string {
  return dateFormat.format(date);
}

/** "$150,000 – $185,000 a year", "From $90,000 a year"; null without a range. */
export function formatSalaryRange(min: number | null, max: number | null, currency: string): string | null {
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 });
  if (min !== null && max !== null) return min === max ? `${money.format(min)} a year` : `${money.format(min)} – ${money.format(max)} a year`;
  if (min !== null) return `From ${money.format(min)} a year`;
  if (max !== null) return `Up to ${money.format(max)} a year`;
  return null;
}
