import type { Database } from '../db/client.ts';
import { eq } from 'drizzle-orm';
import { applications, positions, rejectionReasons, users } from '../db/schema.ts';
import type { Actor } from '../audit/log.ts';
import type { Role } from '../../lib/accounts/schema.ts';
import type { Who } from '../access/permissions.ts';

/** Rows the integration tests need, with valid defaults; each test names only what it is about. */

export async function addUser(
  db: Database,
  id: string,
  role: Role = 'user',
  createdAt = new Date(),
): Promise<Actor & { id: string; role: Role; name: string }> {
  const email = `${id}@helixpoint.test`;
  await db
    .insert(users)
    .values({ id, name: `${id} Test`, email, username: id, firstName: id, lastName: 'Test', role, emailVerified: true, createdAt });
  return { id, email, role, name: `${id} Test` };
}

/** Someone who sees every record (an admin's reach), for tests of queries that are not about permissions. */
export const everyone = { id: 'any-admin', role: 'admin' } as const satisfies Who;
/** Listing every application (the workspace's queries, as an admin). */
export const listAll = { who: everyone, permission: 'applications.list' } as const;

export async function addPosition(db: Database, values: Partial<typeof positions.$inferInsert> = {}): Promise<string> {
  const [row] = await db
    .insert(positions)
    .values({ title: 'Test Role', description: 'Does things.', location: 'Remote', ...values })
    .returning({ id: positions.id });
  return row!.id;
}

export const applicantDefaults = {
  fullName: 'Jane Doe',
  email: 'jane@mail.test',
  phone: '+15125550147',
  address: '100 Congress Ave',
  gender: 'female',
  coverLetter: 'Hello',
} as const;

export async function addApplication(
  db: Database,
  positionId: string,
  values: Partial<typeof applications.$inferInsert> = {},
): Promise<string> {
  const [row] = await db
    .insert(applications)
    .values({ ...applicantDefaults, positionId, ...values })
    .returning({ id: applications.id });
  return row!.id;
}

/** A rejection with one of the reasons every installation starts with (migration 0017). */
export async function rejectionFor(db: Database, label = 'Skills', detail: string | null = null) {
  const [reason] = await db.select({ id: rejectionReasons.id }).from(rejectionReasons).where(eq(rejectionReasons.label, label));
  if (!reason) throw new Error(`No rejection reason "${label}"`);
  return { reasonId: reason.id, detail };
}
