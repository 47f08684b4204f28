import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { withTransaction } from '../db/client.ts';
import { applicationLinkUrl, issueApplicationLink } from '../candidates/links.ts';
import { applicationStatusHistory, applications } from '../db/schema.ts';
import { heardAboutAnswer } from '../insights/heard-about.ts';
import { spendMailBudget } from '../mail/budget.ts';
import { alreadyApplied, applicationReceived, newApplication } from '../mail/templates.ts';
import { getOpenPosition } from '../positions/board.ts';
import { admitPublicForm, isUniqueViolation, publicFormDeps, type PublicFormDeps } from '../public-form.ts';
import type { Jobs } from '../jobs/queue.ts';
import type { Runtime } from '../runtime.ts';
import { claimUpload } from '../uploads/claim.ts';
import { queueResumeReading } from '../resumes/resume-texts.ts';
import { normalizeApplication } from '../../lib/applications/normalize.ts';
import { sourceFromForm } from '../../lib/applications/source.ts';
import { screeningAnswersSchema } from '../../lib/screening/answers-schema.ts';
import { toStoredAnswers } from '../../lib/screening/questions.ts';
import type { ApplicationFieldErrors } from '../../lib/applications/schema.ts';
import { applicationSubmissionSchema } from './submission-schema.ts';
import { applicationMessages as messages } from '../../lib/applications/texts.ts';
import { siteConfig } from '../../lib/site-config.ts';
import { automatic } from '../mail/headers.ts';
import { threadAddressing } from '../replies/addresses.ts';
import { recordEvent } from '../events/record.ts';

/**
 * Submitting a job application (spec sections 3, 5, 7): the same schema as the form, the rules a
 * browser cannot be trusted with (position open, resume really uploaded and unused, one application
 * per e-mail per position, rate limit, honeypot), and the two e-mails queued in the same
 * transaction as the row, so an application is never stored without its notifications or the reverse.
 * Applying again with the same address is answered as a new application, and the address is
 * e-mailed instead (DECISIONS.md): the form tells nobody whether a person applied.
 */

export interface ApplicationDeps extends PublicFormDeps {
  /** Besides the e-mails, the reading of the resume (a job queued with the application). */
  jobs: Pick<Jobs, 'enqueueEmail' | 'send'>;
  hiringEmail: string | undefined;
  /** How long the talent pool keeps an application its applicant agreed to keep (RETENTION_TALENT_POOL_MONTHS). */
  talentPoolMonths: number;
}

export function applicationDeps(runtime: Runtime): ApplicationDeps {
  return {
    ...publicFormDeps(runtime),
    jobs: runtime.jobs,
    hiringEmail: runtime.config.mail.hiringEmail,
    talentPoolMonths: runtime.config.retention.talentPoolMonths,
  };
}

export type SubmitResult =
  | { kind: 'submitted'; applicationId: string }
  | { kind: 'invalid'; fieldErrors: ApplicationFieldErrors }
  | { kind: 'position-not-found' }
  | { kind: 'rate-limited'; retryAfterSeconds: number };

export async function submitApplication(deps: ApplicationDeps, input: unknown, clientKey: string): Promise<SubmitResult> {
  const admission = await admitPublicForm(deps, applicationSubmissionSchema, input, 'application', clientKey);
  if (admission.kind === 'honeypot') {
    deps.log({}, 'application dropped: honeypot filled');
    return { kind: 'submitted', applicationId: crypto.randomUUID() };
  }
  if (admission.kind !== 'admitted') return admission;
  const form = admission.form;

  const position = await getOpenPosition(deps.db, form.position_id);
  if (!position) return { kind: 'position-not-found' };

  // The position's own questions: the schema is built from them, as the apply form's is.
  const answers = screeningAnswersSchema(position.screeningQuestions).safeParse(form.answers ?? {});
  if (!answers.success) {
    const fieldErrors: ApplicationFieldErrors = {};
    for (const issue of answers.error.issues) {
      const questionId = issue.path[0];
      const field: keyof ApplicationFieldErrors = questionId === undefined ? 'form' : `answers.${String(questionId)}`;
      fieldErrors[field] ??= issue.message;
    }
    return { kind: 'invalid', fieldErrors };
  }
  const screeningAnswers = toStoredAnswers(position.screeningQuestions, answers.data);
  const source = sourceFromForm(form);
  const heardAbout = await heardAboutAnswer(deps.db, form.heard_about);

  const application = await normalizeApplication(form, { talentPoolMonths: deps.talentPoolMonths });
  // Anybody can apply with any address: the acknowledgement counts against its mail budget. Spent
  // before the transaction, whose connection must not wait for another one (the budget's counters).
  const acknowledge = await spendMailBudget(deps.rateLimits, application.email, 'application-received');
  try {
    const applicationId = await withTransaction(deps.pool, async (tx) => {
      // The resume must be a resume upload no application has claimed yet.
      const resume = await claimUpload(tx, form.resume_upload_id, 'resume');
      if (!resume) return null;

      const [row] = await tx.db
        .insert(applications)
        .values({
          positionId: position.id,
          fullName: application.fullName,
          email: application.email,
          phone: application.phone,
          address: application.address,
          gender: application.gender,
          linkedinProfile: application.linkedinProfile,
          githubProfile: application.githubProfile,
          vercelProfile: application.vercelProfile,
          coverLetter: application.coverLetter,
          privacyNoticeVersion: application.privacyNoticeVersion,
          privacyAcknowledgedAt: application.privacyAcknowledgedAt,
          talentPoolConsentAt: application.talentPoolConsentAt,
          talentPoolUntil: application.talentPoolUntil,
          resumeUploadId: resume.id,
          status: 'pending',
          source: source.source,
          sourceMedium: source.medium,
          sourceCampaign: source.campaign,
          heardAbout,
          screeningAnswers,
          knockedOut: screeningAnswers.some((answer) => answer.knockedOut),
        })
        .returning({ id: applications.id, createdAt: applications.createdAt });
      if (!row) throw new Error('The application row was not stored.');
      await tx.db.insert(applicationStatusHistory).values({ applicationId: row.id, status: 'pending', reachedAt: row.createdAt });
      // The resume is read into text for the search off the applicant's path (issue 33).
      await queueResumeReading(deps.jobs, row.id, { db: tx });
      // The position's hiring team is told in the workspace (issue 51), the hiring inbox by e-mail below.
      await recordEvent(tx.db, {
        kind: 'application.received',
        applicationId: row.id,
        positionId: position.id,
        data: { candidateName: application.fullName, positionTitle: position.title },
      });

      const hiring = newApplication({
        applicantName: application.fullName,
        applicantEmail: application.email,
        positionTitle: position.title,
        adminUrl: `${deps.siteUrl}/admin/applications/${position.id}#application-${row.id}`,
      });
      // A notice no person wrote (issue 50): auto-responders must not answer it.
      await deps.jobs.enqueueEmail({ to: deps.hiringEmail ?? siteConfig.careersEmail, ...hiring, headers: automatic }, { db: tx });
      // The candidate's personal link to follow the application (issue 19), stored with the row.
      const link = applicationLinkUrl(deps.siteUrl, await issueApplicationLink(tx.db, row.id));
      const confirmation = applicationReceived({ applicantName: application.fullName, positionTitle: position.title, link });
      // A reply to the confirmation comes back to the application (issue 35). Sent by no one: an
      // automatic e-mail, which auto-responders must not answer (RFC 3834).
      if (acknowledge) {
        const addressing = await threadAddressing(tx.db, deps.replyAddress ?? null, { applicationId: row.id });
        await deps.jobs.enqueueEmail({ to: application.email, ...confirmation, ...addressing, headers: automatic }, { db: tx });
      } else deps.log({}, 'application acknowledgement withheld: mail budget spent');
      return row.id;
    });
    if (!applicationId) return { kind: 'invalid', fieldErrors: { resume_upload_id: messages.resumeMissing } };
    deps.log({ applicationId, positionId: position.id }, 'application stored');
    return { kind: 'submitted', applicationId };
  } catch (error) {
    if (!isUniqueViolation(error, 'applications_position_email_idx')) throw error;
    // The mail budget was spent above, for this address, before we knew it was a repeat.
    if (acknowledge) await mailEarlierApplicant(deps, position, application.email);
    else deps.log({ positionId: position.id }, 'repeated application not mailed: mail budget spent');
    // The answer of a new application; the id of none.
    return { kind: 'submitted', applicationId: randomUUID() };
  }
}

/**
 * The address applied for this position before: it gets a new link to that application (within
 * the address's e-mail budget), sent on request, so earlier links end once it is opened.
 */
async function mailEarlierApplicant(deps: ApplicationDeps, position: { id: string; title: string }, email: string): Promise<void> {
  const [earlier] = await deps.db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.positionId, position.id), eq(applications.email, email)));
  if (!earlier) return;
  const budget = await deps.rateLimits.consume('applicationLinksAddress', email);
  if (!budget.allowed) {
    deps.log({ positionId: position.id }, 'repeated application not mailed: address limit reached');
    return;
  }
  await withTransaction(deps.pool, async (tx) => {
    const link = applicationLinkUrl(deps.siteUrl, await issueApplicationLink(tx.db, earlier.id, { origin: 'request' }));
    await deps.jobs.enqueueEmail({ to: email, ...alreadyApplied({ positionTitle: position.title, link }) }, { db: tx });
  });
  deps.log({ applicationId: earlier.id, positionId: position.id }, 'repeated application: the address was mailed its link');
}
