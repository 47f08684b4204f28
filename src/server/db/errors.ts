/**
 * Whether a failed query broke a given PostgreSQL rule (its SQLSTATE, and the constraint when named):
 * the one reading of driver errors for the code that lets the database decide (a unique index, an
 * exclusion constraint). Drizzle wraps the driver's error, so the chain of causes is searched.
 */
export function violates(error: unknown, code: string, constraint?: string): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const pgError = cause as { code?: string; constraint?: string };
    if (pgError.code === code && (constraint === undefined || pgError.constraint === constraint)) return true;
  }
  return false;
}

/** SQLSTATE unique_violation. */
export const UNIQUE_VIOLATION = '23505';
/** SQLSTATE exclusion_violation. */
export const EXCLUSION_VIOLATION = '23P01';

/** SQLSTATE foreign_key_violation: the row pointed to is gone (deleted while work on it waited). */
export const FOREIGN_KEY_VIOLATION = '23503';
export const isForeignKeyViolation = (error: unknown): boolean => violates(error, FOREIGN_KEY_VIOLATION);
