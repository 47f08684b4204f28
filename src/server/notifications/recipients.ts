import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { can, isStaff, mayOnApplication } from '../access/permissions.ts';
import type { Database } from '../db/client.ts';
import { applicationEmails, contactMessageEmails, hiringTeamMembers, users } from '../db/schema.ts';
import type { StoredEvent } from '../events/record.ts';
import { siteConfig } from '../../lib/site-config.ts';
import type { Role } from '../../lib/accounts/roles.ts';

/**
 * Who is told of an event (issues 50, 51), by one rule: the people concerned with its thread, and
 * of them only those who may read what it is about (the permission module decides). When nobody in
 * particular is, the team's inbox is (HIRING_EMAIL, CONTACT_EMAIL), so nothing goes unseen.
 */

export type Recipient = { userId: string } | { inbox: string };

export interface RecipientDeps {
  db: Database;
  hiringEmail?: string | undefined;
  contactEmail?: string | undefined;
}

type Person = { id: string; role: Role };

async function people(db: Database, ids: readonly (string | null | undefined)[]): Promise<Person[]> {
  const found: Person[] = [];
  for (const id of new Set(ids.filter((value): value is string => Boolean(value)))) {
    const [row] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, id));
    if (row && isStaff(row.role)) found.push(row);
  }
  return found;
}

/**
 * A reply to an application: the staff member whose e-mail was answered, whoever sent the thread's
 * last e-mail, and the position's hiring team, if they may read the application's history. To a
 * contact message: the one answered and the last to write, if they handle messages.
 */
async function replyRecipients(deps: RecipientDeps, event: StoredEvent<'reply.received'>): Promise<Recipient[]> {
  const { db } = deps;
  if (event.applicationId) {
    const applicationId = event.applicationId;
    const [last] = await db
      .select({ userId: applicationEmails.senderUserId })
      .from(applicationEmails)
      .where(and(eq(applicationEmails.applicationId, applicationId), isNotNull(applicationEmails.senderUserId)))
      .orderBy(desc(applicationEmails.createdAt))
      .limit(1);
    const team = event.positionId
      ? await db
          .select({ userId: hiringTeamMembers.userId })
          .from(hiringTeamMembers)
          .where(eq(hiringTeamMembers.positionId, event.positionId))
      : [];
    const concerned = await people(db, [event.data.answeredUserId, last?.userId, ...team.map((member) => member.userId)]);
    const readers: Recipient[] = [];
    for (const person of concerned)
      if (await mayOnApplication(db, person, 'applications.history', applicationId)) readers.push({ userId: person.id });
    return readers.length > 0 ? readers : [{ inbox: deps.hiringEmail ?? siteConfig.careersEmail }];
  }
  if (!event.contactMessageId) return [];
  const [last] = await db
    .select({ userId: contactMessageEmails.senderUserId })
    .from(contactMessageEmails)
    .where(and(eq(contactMessageEmails.contactMessageId, event.contactMessageId), isNotNull(contactMessageEmails.senderUserId)))
    .orderBy(desc(contactMessageEmails.createdAt))
    .limit(1);
  const readers = (await people(db, [event.data.answeredUserId, last?.userId]))
    .filter((person) => can(person, 'messages.handle'))
    .map((person) => ({ userId: person.id }));
  return readers.length > 0 ? readers : [{ inbox: deps.contactEmail ?? siteConfig.email }];
}

export async function recipientsOf(deps: RecipientDeps, event: StoredEvent): Promise<Recipient[]> {
  switch (event.kind) {
    case 'reply.received':
      return replyRecipients(deps, event as StoredEvent<'reply.received'>);
  }
}
