/**
 * Is this error the database being away (down, restarting, unreachable), rather than a bad query?
 * Those answer 503 "try again shortly"; everything else stays a 500. Drizzle and Better Auth wrap
 * the driver's error, so the whole `cause` chain is looked at.
 */

const UNAVAILABLE_CODES = new Set([
  // Node sockets
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  // PostgreSQL: connection exceptions (class 08) and operator intervention (57P01-57P03)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
]);

const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection refused',
  'the database system is starting up',
  'the database system is shutting down',
  'the database system is in recovery mode',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === 'object' && !seen.has(current);) {
    seen.add(current);
    const { code, message, errors } = current as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return true;
    // AggregateError (a connection tried on IPv4 and IPv6).
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
