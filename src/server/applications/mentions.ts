import { inArray } from 'drizzle-orm';
import { isStaff, mayOnApplication } from '../access/permissions.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { staffRoles, type Role } from '../../lib/accounts/roles.ts';

/**
 * The colleagues a note names with @ (issue 51): "@Rita Recruiter", "@rita" (a username), or
 * "@Rita" when only one colleague is called Rita; case aside, and only where the name ends (not
 * "@Ritas"). Only staff who may read the application can be named: nobody is told of what they
 * may not open.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const named = (body: string, name: string) =>
  name.trim().length > 1 && new RegExp(`@${escape(name.trim())}(?![\\p{L}\\p{N}_])`, 'iu').test(body);

export async function mentionedIn(db: Database, applicationId: string, body: string, authorId: string | null): Promise<string[]> {
  if (!body.includes('@')) return [];
  const staff = (
    await db
      .select({ id: users.id, role: users.role, name: users.name, firstName: users.firstName, username: users.username })
      .from(users)
      .where(inArray(users.role, [...staffRoles]))
  ).filter((person) => isStaff(person.role) && person.id !== authorId);
  const firstNames = new Map<string, number>();
  for (const person of staff) firstNames.set(person.firstName.toLowerCase(), (firstNames.get(person.firstName.toLowerCase()) ?? 0) + 1);
  const mentioned: string[] = [];
  for (const person of staff) {
    const byFirstName = firstNames.get(person.firstName.toLowerCase()) === 1 && named(body, person.firstName);
    if (!named(body, person.name) && !named(body, person.username) && !byFirstName) continue;
    if (await mayOnApplication(db, { id: person.id, role: person.role as Role }, 'applications.read', applicationId))
      mentioned.push(person.id);
  }
  return mentioned;
}
