import { deleteInboundFiles } from '../replies/thread.ts';
import { Readable } from 'node:stream';
import { and, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { Zip, ZipPassThrough } from 'fflate';
import { deleteUser } from '../accounts/users.ts';
import { AdminRuleError, type Actor } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import {
  applicationEmails,
  applicationNotes,
  scorecards,
  applicationRejections,
  applicationRatings,
  applications,
  auditLog,
  contactMessageEmails,
  contactMessages,
  inboundAttachments,
  inboundMails,
  invitations,
  bookings,
  jobAlerts,
  positions,
  resumeTexts,
  talentPoolInvitations,
  rateLimits,
  uploads,
  users,
  verifications,
  offers,
} from '../db/schema.ts';
import type { Jobs } from '../jobs/queue.ts';
import { erasureConfirmation } from '../mail/templates.ts';
import type { Runtime } from '../runtime.ts';
import type { ObjectStorage } from '../storage/types.ts';
import { applicationRuleMessages } from '../../lib/applications/texts.ts';
import { personReference } from './pseudonym.ts';
import { recordEvent } from '../events/record.ts';
import { applicationColumns } from '../applications/columns.ts';
import { cancelBookingsOfGuest, organizerOf } from '../scheduling/meetings.ts';

/**
 * A person's request about their data (GDPR articles 15 and 17, and their equivalents): everything
 * held about an e-mail address, exported as one ZIP, or erased. The address is matched exactly
 * (lowercased): a similar address is another person.
 */

export interface PrivacyDeps {
  db: Database;
  storage: ObjectStorage;
  jobs: Pick<Jobs, 'enqueueSealedEmail' | 'enqueueEmail'>;
  /** AUTH_SECRET: the pseudonymous reference of the audit log. */
  secret: string;
  /** The calendar invitations' organiser, for the cancellations an erasure sends hosts. */
  organizer: { name: string; email: string };
}

export function privacyDeps(runtime: Pick<Runtime, 'database' | 'storage' | 'jobs' | 'config'>): PrivacyDeps {
  return {
    db: runtime.database.db,
    storage: runtime.storage,
    jobs: runtime.jobs,
    secret: runtime.config.authSecret,
    organizer: organizerOf(runtime.config),
  };
}

const normal = (email: string) => email.trim().toLowerCase();

/** Audit entries that name the person: about their rows, by them, or with their address in the details. */
function auditNaming(email: string, ids: { user: string | null; applications: string[]; messages: string[] }): SQL {
  const conditions: SQL[] = [
    eq(auditLog.actorEmail, email),
    sql`exists (select 1 from jsonb_each_text(${auditLog.details}) where lower(value) = ${email})`,
  ];
  if (ids.user)
    conditions.push(eq(auditLog.actorUserId, ids.user), and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, ids.user)) as SQL);
  if (ids.applications.length)
    conditions.push(and(eq(auditLog.targetType, 'application'), inArray(auditLog.targetId, ids.applications)) as SQL);
  if (ids.messages.length) conditions.push(and(eq(auditLog.targetType, 'message'), inArray(auditLog.targetId, ids.messages)) as SQL);
  return or(...conditions) as SQL;
}

/** Everything held about an address: applications (with consents), messages, the account, files, audit entries. */
export async function findPersonData(db: Database, rawEmail: string) {
  const email = normal(rawEmail);
  const [personApplications, messages, [account], alerts, personBookings] = await Promise.all([
    db
      .select({ application: applicationColumns, positionTitle: positions.title, resume: uploads })
      .from(applications)
      .innerJoin(positions, eq(positions.id, applications.positionId))
      .leftJoin(uploads, eq(uploads.id, applications.resumeUploadId))
      .where(eq(applications.email, email))
      .orderBy(applications.createdAt),
    db
      .select({ message: contactMessages, attachment: uploads })
      .from(contactMessages)
      .leftJoin(uploads, eq(uploads.id, contactMessages.attachmentUploadId))
      .where(eq(contactMessages.email, email))
      .orderBy(contactMessages.createdAt),
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        emailVerified: users.emailVerified,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.email, email)),
    // Job alerts: the filter and its dates, never the token hashes.
    db
      .select({
        departmentId: jobAlerts.departmentId,
        location: jobAlerts.location,
        confirmedAt: jobAlerts.confirmedAt,
        lastSentAt: jobAlerts.lastSentAt,
        createdAt: jobAlerts.createdAt,
      })
      .from(jobAlerts)
      .where(eq(jobAlerts.email, email))
      .orderBy(jobAlerts.createdAt),
    // Meetings and interviews they booked: what they typed and when, never the manage token's hash.
    db
      .select({
        id: bookings.id,
        kind: bookings.kind,
        status: bookings.status,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        guestName: bookings.guestName,
        guestCompany: bookings.guestCompany,
        topic: bookings.topic,
        guestTimeZone: bookings.guestTimeZone,
        createdAt: bookings.createdAt,
        cancelledAt: bookings.cancelledAt,
      })
      .from(bookings)
      .where(eq(bookings.guestEmail, email))
      .orderBy(bookings.createdAt),
  ]);
  const ids = {
    user: account?.id ?? null,
    applications: personApplications.map((row) => row.application.id),
    messages: messages.map((row) => row.message.id),
  };
  const inTheirApplications = (column: AnyPgColumn) => (ids.applications.length ? inArray(column, ids.applications) : sql`false`);
  // What they wrote back to our e-mails (issue 35), their attachments, and staff's answers to their messages.
  const inTheirThreads = or(
    ids.applications.length ? inArray(inboundMails.applicationId, ids.applications) : sql`false`,
    ids.messages.length ? inArray(inboundMails.contactMessageId, ids.messages) : sql`false`,
  );
  const [inbound, inboundFiles, answers] = await Promise.all([
    db.select().from(inboundMails).where(inTheirThreads).orderBy(inboundMails.createdAt),
    db
      .select({ file: inboundAttachments })
      .from(inboundAttachments)
      .innerJoin(inboundMails, eq(inboundMails.id, inboundAttachments.inboundMailId))
      .where(inTheirThreads)
      .orderBy(inboundAttachments.createdAt),
    ids.messages.length
      ? db
          .select({
            contactMessageId: contactMessageEmails.contactMessageId,
            subject: contactMessageEmails.subject,
            body: contactMessageEmails.body,
            createdAt: contactMessageEmails.createdAt,
          })
          .from(contactMessageEmails)
          .where(inArray(contactMessageEmails.contactMessageId, ids.messages))
          .orderBy(contactMessageEmails.createdAt)
      : Promise.resolve([]),
  ]);
  const replies = inbound.map((mail) => ({
    ...mail,
    attachments: inboundFiles.filter(({ file }) => file.inboundMailId === mail.id).map(({ file }) => file),
  }));
  // What reviewers wrote and sent about them is theirs to see too (opinions are personal data).
  const candidateIds = [...new Set(personApplications.map((row) => row.application.candidateId))];
  const [entries, notes, ratings, emails, cards, rejections, texts, invitations, theirOffers] = await Promise.all([
    db.select().from(auditLog).where(auditNaming(email, ids)).orderBy(auditLog.createdAt),
    db
      .select({ applicationId: applicationNotes.applicationId, body: applicationNotes.body, createdAt: applicationNotes.createdAt })
      .from(applicationNotes)
      .where(inTheirApplications(applicationNotes.applicationId))
      .orderBy(applicationNotes.createdAt),
    db
      .select({ applicationId: applicationRatings.applicationId, rating: applicationRatings.rating, ratedAt: applicationRatings.updatedAt })
      .from(applicationRatings)
      .where(inTheirApplications(applicationRatings.applicationId))
      .orderBy(applicationRatings.updatedAt),
    db
      .select({
        applicationId: applicationEmails.applicationId,
        subject: applicationEmails.subject,
        body: applicationEmails.body,
        createdAt: applicationEmails.createdAt,
      })
      .from(applicationEmails)
      .where(inTheirApplications(applicationEmails.applicationId))
      .orderBy(applicationEmails.createdAt),
    // Submitted scorecards (issue 32): what interviewers concluded about them; drafts are the interviewer's notes in progress.
    db
      .select({
        applicationId: scorecards.applicationId,
        stage: scorecards.stageName,
        answers: scorecards.answers,
        takeaways: scorecards.takeaways,
        recommendation: scorecards.recommendation,
        submittedAt: scorecards.submittedAt,
        amendedAt: scorecards.amendedAt,
      })
      .from(scorecards)
      .where(and(inTheirApplications(scorecards.applicationId), eq(scorecards.status, 'submitted')))
      .orderBy(scorecards.submittedAt),
    // Why an application was rejected (issue 32): never shown to the candidate, theirs to ask for.
    db
      .select({
        applicationId: applicationRejections.applicationId,
        reason: applicationRejections.reasonLabel,
        detail: applicationRejections.detail,
        fromStatus: applicationRejections.fromStatus,
        rejectedAt: applicationRejections.createdAt,
      })
      .from(applicationRejections)
      .where(inTheirApplications(applicationRejections.applicationId))
      .orderBy(applicationRejections.createdAt),
    // The text read from their resumes for the search (issue 33), or why there is none.
    db
      .select({
        applicationId: resumeTexts.applicationId,
        text: resumeTexts.text,
        noTextReason: resumeTexts.noTextReason,
        extractedAt: resumeTexts.extractedAt,
      })
      .from(resumeTexts)
      .where(inTheirApplications(resumeTexts.applicationId)),
    // Invitations to apply from the talent pool (issue 33): which position, when.
    candidateIds.length
      ? db
          .select({ position: positions.title, sentAt: talentPoolInvitations.sentAt })
          .from(talentPoolInvitations)
          .innerJoin(positions, eq(positions.id, talentPoolInvitations.positionId))
          .where(inArray(talentPoolInvitations.candidateId, candidateIds))
          .orderBy(talentPoolInvitations.sentAt)
      : Promise.resolve([]),
    // Offers made to them (issue 54): every version, its terms, the letter as sent, their answer and signature.
    db.select().from(offers).where(inTheirApplications(offers.applicationId)).orderBy(offers.createdAt),
  ]);
  return {
    email,
    applications: personApplications,
    reviews: { notes, ratings, emails, scorecards: cards, rejections },
    offers: theirOffers,
    resumeTexts: texts,
    talentPoolInvitations: invitations,
    messages,
    account: account ?? null,
    jobAlerts: alerts,
    bookings: personBookings,
    auditEntries: entries,
    replies,
    messageAnswers: answers,
    files: [
      ...personApplications.flatMap((row) =>
        row.resume ? [{ kind: 'resume' as const, ownerId: row.application.id, upload: row.resume }] : [],
      ),
      ...messages.flatMap((row) =>
        row.attachment ? [{ kind: 'attachment' as const, ownerId: row.message.id, upload: row.attachment }] : [],
      ),
      ...inboundFiles.map(({ file }) => ({ kind: 'reply' as const, ownerId: file.id, upload: file })),
    ],
  };
}

export type PersonData = Awaited<ReturnType<typeof findPersonData>>;

/** What the admin's privacy page shows of a person: their rows by name and date, and counts. */
export async function findPersonSummary(db: Database, email: string) {
  const data = await findPersonData(db, email);
  return {
    email: data.email,
    applications: data.applications.map(({ application, positionTitle }) => ({
      id: application.id,
      positionId: application.positionId,
      positionTitle,
      createdAt: application.createdAt,
      status: application.status,
      onHold: application.legalHoldAt !== null,
    })),
    messages: data.messages.map(({ message }) => ({ id: message.id, createdAt: message.createdAt, reason: message.reason })),
    account: data.account,
    files: data.files.length,
    bookings: data.bookings.length,
    auditEntries: data.auditEntries.length,
  };
}

/** The mails they sent back to a thread (issue 35), as stored, each attachment named as in the archive. */
function repliesJson(data: PersonData, owner: { applicationId: string } | { contactMessageId: string }) {
  return data.replies
    .filter((mail) =>
      'applicationId' in owner ? mail.applicationId === owner.applicationId : mail.contactMessageId === owner.contactMessageId,
    )
    .map(({ applicationId: _application, contactMessageId: _message, attachments, ...mail }) => ({
      ...mail,
      attachments: attachments.map((file) => ({
        fileName: file.fileName,
        size: file.size,
        file: fileEntryName('reply', file.id, file.fileName),
      })),
    }));
}

/** The JSON of an export: the rows as stored, without storage internals or password hashes. */
export function personDataJson(data: PersonData, exportedAt: Date) {
  return {
    exportedAt: exportedAt.toISOString(),
    email: data.email,
    account: data.account,
    applications: data.applications.map(({ application, positionTitle, resume }) => {
      const { resumeUploadId: _upload, ...fields } = application;
      const mine = <T extends { applicationId: string }>(rows: T[]) =>
        rows.filter((row) => row.applicationId === application.id).map(({ applicationId: _id, ...row }) => row);
      return {
        ...fields,
        positionTitle,
        reviewersNotes: mine(data.reviews.notes),
        ratings: mine(data.reviews.ratings),
        emailsSent: mine(data.reviews.emails),
        scorecards: mine(data.reviews.scorecards),
        rejections: mine(data.reviews.rejections),
        // The sealed PDF of a signed offer is a file of the archive beside data.json.
        offers: mine(data.offers).map(({ sealedPdf, ...offer }) => ({
          ...offer,
          sealedPdf: sealedPdf ? sealedOfferEntry(application.id, offer.version) : null,
        })),
        resumeText: mine(data.resumeTexts)[0] ?? null,
        repliesReceived: repliesJson(data, { applicationId: application.id }),
        resume: resume
          ? { fileName: resume.fileName, size: resume.size, file: fileEntryName('resume', application.id, resume.fileName) }
          : null,
      };
    }),
    messages: data.messages.map(({ message, attachment }) => {
      const { attachmentUploadId: _upload, ...fields } = message;
      return {
        ...fields,
        answersSent: data.messageAnswers
          .filter((answer) => answer.contactMessageId === message.id)
          .map(({ contactMessageId: _id, ...answer }) => answer),
        repliesReceived: repliesJson(data, { contactMessageId: message.id }),
        attachment: attachment
          ? { fileName: attachment.fileName, size: attachment.size, file: fileEntryName('attachment', message.id, attachment.fileName) }
          : null,
      };
    }),
    jobAlerts: data.jobAlerts,
    talentPoolInvitations: data.talentPoolInvitations,
    bookings: data.bookings,
    auditEntries: data.auditEntries.map(({ actorUserId: _actor, ...entry }) => entry),
  };
}

/** Where a signed offer's sealed PDF is in the archive. */
const sealedOfferEntry = (applicationId: string, version: number) => `files/offer-${applicationId.slice(0, 8)}-v${version}-signed.pdf`;

function fileEntryName(kind: 'resume' | 'attachment' | 'reply', ownerId: string, fileName: string): string {
  return `files/${kind}-${ownerId.slice(0, 8)}-${fileName}`;
}

/** The ZIP of everything held about an address: data.json and the files. The export is audited. */
export async function exportPerson(deps: PrivacyDeps, actor: Actor, rawEmail: string): Promise<ReadableStream<Uint8Array>> {
  const data = await findPersonData(deps.db, rawEmail);
  await audit(deps.db, actor, 'person.exported', personReference(deps.secret, data.email), {
    applications: data.applications.length,
    messages: data.messages.length,
    files: data.files.length,
  });
  const zip = new Zip();
  let fail: (error: unknown) => void = () => {};
  const output = new ReadableStream<Uint8Array>({
    start(controller) {
      fail = (error) => controller.error(error);
      zip.ondata = (error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      };
    },
  });
  // Files stream from storage into the archive as the download goes.
  void (async () => {
    try {
      const json = new ZipPassThrough('data.json');
      zip.add(json);
      json.push(new TextEncoder().encode(JSON.stringify(personDataJson(data, new Date()), null, 2)), true);
      for (const file of data.files) {
        const entry = new ZipPassThrough(fileEntryName(file.kind, file.ownerId, file.upload.fileName));
        zip.add(entry);
        const object = await deps.storage.get(file.upload.storageKey);
        for await (const chunk of object.body as Readable) entry.push(new Uint8Array(chunk as Buffer));
        entry.push(new Uint8Array(0), true);
      }
      for (const offer of data.offers) {
        if (!offer.sealedPdf) continue;
        const entry = new ZipPassThrough(sealedOfferEntry(offer.applicationId, offer.version));
        zip.add(entry);
        entry.push(new Uint8Array(offer.sealedPdf), true);
      }
      zip.end();
    } catch (error) {
      zip.terminate();
      fail(error);
    }
  })();
  return output;
}

export interface ErasureResult {
  reference: string;
  applications: number;
  messages: number;
  files: number;
  account: 'deleted' | 'none' | 'kept';
  /** Why the account was kept (the admin rules: the last admin, or one's own account). */
  accountKeptBecause?: string;
  /** Applications on legal hold: kept, and listed for the admin. */
  held: { id: string; positionTitle: string; reason: string }[];
}

/**
 * Erases everything held about an address, in one transaction: applications (not on legal hold)
 * and messages with their files, the account, tokens and rate-limit counters under the address,
 * queued e-mails to or about them; audit entries keep only a pseudonymous reference. The person
 * gets a confirmation, queued sealed so no table holds their address afterwards.
 */
export async function erasePerson(deps: PrivacyDeps, actor: Actor, rawEmail: string): Promise<ErasureResult> {
  const email = normal(rawEmail);
  const reference = personReference(deps.secret, email);
  // Hosts are told first: their calendars drop the meetings with someone the site will no longer know.
  await cancelBookingsOfGuest(deps, email);
  const data = await findPersonData(deps.db, email);
  const held = data.applications
    .filter(({ application }) => application.legalHoldAt)
    .map(({ application, positionTitle }) => ({ id: application.id, positionTitle, reason: application.legalHoldReason ?? '' }));
  let account: ErasureResult['account'] = data.account ? 'deleted' : 'none';
  let accountKeptBecause: string | undefined;
  if (data.account) {
    try {
      // The admin rules hold here too: the last admin is not removed by a privacy request.
      await deleteUser(deps.db, actor, data.account.id);
    } catch (error) {
      if (!(error instanceof AdminRuleError)) throw error;
      account = 'kept';
      accountKeptBecause = error.message;
    }
  }

  const counts = await deps.db.transaction(async (tx) => {
    // Replies' attachments (issue 35) go with their threads: their files first, the rows by cascade.
    const replyFiles = await deleteInboundFiles(tx, deps.storage, {
      applicationIds: data.applications.filter(({ application }) => !application.legalHoldAt).map(({ application }) => application.id),
      contactMessageIds: data.messages.map(({ message }) => message.id),
    });
    const gone = await tx
      .delete(applications)
      .where(and(eq(applications.email, email), isNull(applications.legalHoldAt)))
      .returning({ id: applications.id, uploadId: applications.resumeUploadId });
    const goneMessages = await tx
      .delete(contactMessages)
      .where(eq(contactMessages.email, email))
      .returning({ id: contactMessages.id, uploadId: contactMessages.attachmentUploadId });
    const uploadIds = [...gone, ...goneMessages].flatMap((row) => (row.uploadId ? [row.uploadId] : []));
    const goneUploads = uploadIds.length
      ? await tx.delete(uploads).where(inArray(uploads.id, uploadIds)).returning({ storageKey: uploads.storageKey })
      : [];
    // Files go before the commit: a row never outlives its file's deletion being attempted.
    for (const upload of goneUploads) await deps.storage.delete(upload.storageKey);

    await tx.delete(verifications).where(or(eq(verifications.identifier, email), sql`${verifications.identifier} like ${`%:${email}`}`));
    await tx.delete(rateLimits).where(sql`${rateLimits.key} like ${`%:${email}`} or ${rateLimits.key} = ${email}`);
    // An invitation names the address too, accepted or not.
    await tx.delete(invitations).where(eq(invitations.email, email));
    await tx.delete(jobAlerts).where(eq(jobAlerts.email, email));
    // Their bookings (the hosts were sent the cancellation first, below the transaction's start).
    const goneBookings = await tx.delete(bookings).where(eq(bookings.guestEmail, email)).returning({ id: bookings.id });
    // Mail already sent or waiting, to or about the person (pg-boss keeps jobs for a week).
    await tx.execute(sql`delete from pgboss.job where lower(data->>'to') = ${email} or lower(data->>'replyTo') = ${email}`);
    // The audit log keeps what happened, and a pseudonym for who it happened to.
    await tx
      .update(auditLog)
      .set({
        actorEmail: sql`case when ${auditLog.actorEmail} = ${email} then ${reference} else ${auditLog.actorEmail} end`,
        details: sql`(select coalesce(jsonb_object_agg(key, case when lower(value #>> '{}') = ${email} then to_jsonb(${reference}::text) else value end), '{}'::jsonb) from jsonb_each(${auditLog.details}))`,
      })
      .where(auditNaming(email, { user: null, applications: [], messages: [] }));
    // The company's other systems erase their copies too (issue 55): the ids of what went, and nothing of the person.
    if (gone.length + goneMessages.length + goneBookings.length > 0)
      await recordEvent(tx, {
        kind: 'candidate.erased',
        data: {
          applicationIds: gone.map((row) => row.id),
          contactMessageIds: goneMessages.map((row) => row.id),
          bookingIds: goneBookings.map((row) => row.id),
        },
      });
    await audit(tx, actor, 'person.erased', reference, {
      applications: gone.length,
      messages: goneMessages.length,
      files: goneUploads.length + replyFiles,
      account,
      held: held.length,
    });
    return { applications: gone.length, messages: goneMessages.length, files: goneUploads.length + replyFiles };
  });

  const touched = counts.applications + counts.messages + (account === 'deleted' ? 1 : 0);
  if (touched > 0) await deps.jobs.enqueueSealedEmail({ to: email, ...erasureConfirmation({ keptOnHold: held.length }) });
  return { reference, ...counts, account, ...(accountKeptBecause ? { accountKeptBecause } : {}), held };
}

/** Puts an application on legal hold (reason required), or releases it. */
export async function setLegalHold(db: Database, actor: Actor, applicationId: string, reason: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(applications)
      .set(reason ? { legalHoldReason: reason, legalHoldAt: new Date() } : { legalHoldReason: null, legalHoldAt: null })
      .where(and(eq(applications.id, applicationId), reason ? isNull(applications.legalHoldAt) : isNotNull(applications.legalHoldAt)))
      .returning({ id: applications.id });
    if (!updated) {
      const [exists] = await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, applicationId));
      if (!exists) throw new AdminRuleError(applicationRuleMessages.gone);
      return;
    }
    await audit(
      tx,
      actor,
      reason ? 'application.legal_hold_set' : 'application.legal_hold_released',
      applicationId,
      reason ? { reason } : {},
    );
  });
}
