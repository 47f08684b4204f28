/**
 * Is this error the object store being away (down, refusing, overloaded), rather than a bad
 * request? Uploads then answer 503 "try again shortly" instead of a bare 500.
 */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

export function isStorageUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === 'object' && !seen.has(current);) {
    seen.add(current);
    const { code, name, errors, $metadata } = current as {
      code?: unknown;
      name?: unknown;
      errors?: unknown;
      $metadata?: { httpStatusCode?: number };
    };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (name === 'TimeoutError' || name === 'RequestTimeout') return true;
    // S3's own "slow down" and server errors.
    if (($metadata?.httpStatusCode ?? 0) >= 500) return true;
    if (Array.isArray(errors) && errors.some((inner) => isStorageUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
