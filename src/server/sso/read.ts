import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts, users } from '../db/schema.ts';
import { SSO_PROVIDER_ID } from '../../lib/accounts/sso.ts';

/** People who signed in through the provider and have no staff role yet: the admin page lists them (issue 56). */
export async function awaitingApproval(db: Database) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, since: users.createdAt })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, SSO_PROVIDER_ID)))
    .where(eq(users.role, 'user'))
    .orderBy(asc(users.createdAt))
    .limit(200);
}
