import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { builtOnce } from '../db/built-once.ts';
import { applicationEmails, applicationNotes, applications, auditLog, users } from '../db/schema.ts';
import type { AuditAction } from '../audit/actions.ts';
import type { Role } from '../../lib/accounts/roles.ts';
import { inboundOf, inboundWho, type InboundView } from '../replies/thread.ts';

/**
 * Everything that happened to an application, oldest first, with who and when: it was sent, its
 * status moved, notes were written, reviewers rated it, e-mails were sent (with their text), its
 * resume was downloaded, a legal hold was set. Openings of the page are in "Who has read it".
 */

export type TimelineEvent =
  | { kind: 'submitted'; at: Date; who: string }
  | { kind: 'note'; at: Date; who: string; noteId: string; body: string; edited: boolean }
  | { kind: 'email'; at: Date; who: string; subject: string; body: string; sendAt: Date | null; cancelled: boolean }
  | {
      kind: 'audit';
      at: Date;
      who: string;
      action: AuditAction;
      details: Record<string, unknown>;
      byCandidate?: boolean;
      /** The actor's role then (staff), as the audit log keeps it. */
      role?: Role | null;
    }
  /** A mail that came back to the application's reply address (issue 35): a reply, an automatic one, a bounce. */
  | { kind: 'inbound'; at: Date; who: string; mail: InboundView; fileHref: string };

const fromAudit: AuditAction[] = [
  'application.status_changed',
  'application.rated',
  'application.resume_downloaded',
  'application.legal_hold_set',
  'application.legal_hold_released',
  'application.note_edited',
  'application.note_deleted',
  'application.interview_proposed',
  'application.interview_booked',
  'application.interview_moved',
  'application.interview_cancelled',
  'application.interview_reoffered',
  'application.interview_recorded',
  'application.scorecard_submitted',
  'application.scorecard_amended',
  'application.email_cancelled',
  // Offers (issue 54): each step with its version, never its pay; the actor's role beside their name.
  'application.offer_drafted',
  'application.offer_changed',
  'application.offer_submitted',
  'application.offer_approved',
  'application.offer_changes_requested',
  'application.offer_discarded',
  'application.offer_sent',
  'application.offer_withdrawn',
  'application.offer_accepted',
  'application.offer_declined',
  'application.offer_expired',
  'application.offer_pdf_downloaded',
];

/** The timeline's queries, written once (builtOnce): the application, its notes, e-mails and audit entries. */
const timelineQueries = builtOnce((db: Database) => {
  const id = sql.placeholder('applicationId');
  return {
    application: db
      .select({ fullName: applications.fullName, email: applications.email, createdAt: applications.createdAt })
      .from(applications)
      .where(eq(applications.id, id))
      .prepare(''),
    notes: db
      .select({
        id: applicationNotes.id,
        body: applicationNotes.body,
        at: applicationNotes.createdAt,
        updatedAt: applicationNotes.updatedAt,
        email: applicationNotes.authorEmail,
        name: users.name,
      })
      .from(applicationNotes)
      .leftJoin(users, eq(users.id, applicationNotes.authorUserId))
      .where(eq(applicationNotes.applicationId, id))
      .prepare(''),
    emails: db
      .select({
        subject: applicationEmails.subject,
        body: applicationEmails.body,
        sendAt: applicationEmails.sendAt,
        cancelledAt: applicationEmails.cancelledAt,
        at: applicationEmails.createdAt,
        email: applicationEmails.senderEmail,
        name: users.name,
      })
      .from(applicationEmails)
      .leftJoin(users, eq(users.id, applicationEmails.senderUserId))
      .where(eq(applicationEmails.applicationId, id))
      .prepare(''),
    entries: db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        details: auditLog.details,
        at: auditLog.createdAt,
        email: auditLog.actorEmail,
        role: auditLog.actorRole,
        name: users.name,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(and(eq(auditLog.targetType, 'application'), eq(auditLog.targetId, id), inArray(auditLog.action, fromAudit)))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
      .prepare(''),
  };
});

export async function applicationTimeline(db: Database, applicationId: string): Promise<TimelineEvent[]> {
  const queries = timelineQueries(db);
  const values = { applicationId };
  const [application, notes, emails, entries, inbound] = await Promise.all([
    queries.application.execute(values),
    queries.notes.execute(values),
    queries.emails.execute(values),
    queries.entries.execute(values),
    inboundOf(db, { applicationId }),
  ]);
  const [submitted] = application;
  if (!submitted) return [];
  const who = (row: { name: string | null; email: string | null }) => row.name ?? row.email ?? 'system';
  const events: TimelineEvent[] = [
    { kind: 'submitted', at: submitted.createdAt, who: submitted.fullName },
    ...notes.map((note) => ({
      kind: 'note' as const,
      at: note.at,
      who: who(note),
      noteId: note.id,
      body: note.body,
      edited: note.updatedAt.getTime() - note.at.getTime() > 1000,
    })),
    ...emails.map((email) => ({
      kind: 'email' as const,
      at: email.at,
      who: who(email),
      subject: email.subject,
      body: email.body,
      sendAt: email.sendAt,
      cancelled: email.cancelledAt !== null,
    })),
    ...inbound.map((mail) => ({
      kind: 'inbound' as const,
      at: mail.at,
      who: inboundWho(mail),
      mail,
      // The attachment's id follows: /api/admin/applications/<id>/reply-files/<file id>.
      fileHref: `/api/admin/applications/${applicationId}/reply-files`,
    })),
    ...entries.map((entry) => {
      // The candidate themselves (from their personal link, issue 19): no user, their own address.
      const byCandidate = entry.name === null && entry.email === submitted.email;
      return {
        kind: 'audit' as const,
        at: entry.at,
        who: byCandidate ? submitted.fullName : who(entry),
        action: entry.action,
        details: (entry.details ?? {}) as Record<string, unknown>,
        ...(byCandidate ? { byCandidate } : { role: entry.role }),
      };
    }),
  ];
  // Stable: events of the same moment keep the order above (the application before what followed).
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => a.event.at.getTime() - b.event.at.getTime() || a.index - b.index)
    .map(({ event }) => event);
}
