import type { Database } from './db/client.ts';

/**
 * What every admin command shares. Commands run after the admin check (src/server/accounts/
 * session.ts), write the audit log in the transaction of their change, and refuse with an
 * AdminRuleError whose message the admin reads (spec: "Admin action fails: toast with the server
 * message").
 */

export type { Actor } from './audit/log.ts';

export class AdminRuleError extends Error {
  override readonly name = 'AdminRuleError';
}

/** A transaction opened with db.transaction(). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
