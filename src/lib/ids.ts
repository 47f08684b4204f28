/** Ids of our rows (positions, applications, messages, uploads) are UUIDs; anything else is not found. */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | undefined | null): value is string {
  return typeof value === 'string' && uuidPattern.test(value);
}
