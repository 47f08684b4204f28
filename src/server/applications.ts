import { and, eq, isNull } from 'drizzle-orm';
import { withTransaction } from './db/client.ts';
import { applications, uploads } from './db/schema.ts';
import { getOpenPosition } from './careers.ts';
import { applicationReceived, newApplication } from './mail/templates.ts';
import { fieldErrorsOf, publicFormDeps, type PublicFormDeps } from './public-form.ts';
import { isHoneypotFilled } from './rate-limit.ts';
import type { Runtime } from './runtime.ts';
import { applicationSubmissionSchema, messages, normalizeApplication, type ApplicationFieldErrors } from '../lib/application-schema.ts';
import { siteConfig } from '../lib/site-config.ts';

/**
 * Submitting a job application (spec sections 3, 5, 7): the same schema as the form, the rules a
 * browser cannot be trusted with (position open, resume really uploaded and unused, one application
 * per e-mail per position, rate limit, honeypot), and the two e-mails queued in the same
 * transaction as the row, so an application is never stored without its notifications or the reverse.
 */

export interface ApplicationDeps extends PublicFormDeps {
  hiringEmail: string | undefined;
}

export function applicationDeps(runtime: Runtime): ApplicationDeps {
  return { ...publicFormDeps(runtime), hiringEmail: runtime.config.mail.hiringEmail };
}

export type SubmitResult =
  | { kind: 'submitted'; applicationId: string }
  | { kind: 'invalid'; fieldErrors: ApplicationFieldErrors }
  | { kind: 'duplicate' }
  | { kind: 'position-not-found' }
  | { kind: 'rate-limited'; retryAfterSeconds: number };

const PG_UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown, constraint: string): boolean {
  // Drizzle wraps driver errors; the PostgreSQL error is the cause.
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.some((candidate) => {
    const pgError = candidate as { code?: string; constraint?: string } | null;
    return pgError?.code === PG_UNIQUE_VIOLATION && pgError.constraint === constraint;
  });
}

export async function submitApplication(deps: ApplicationDeps, input: unknown, clientKey: string): Promise<SubmitResult> {
  const parsed = applicationSubmissionSchema.safeParse(input);
  if (!parsed.success) return { kind: 'invalid', fieldErrors: fieldErrorsOf<keyof ApplicationFieldErrors>(parsed.error.issues) };
  const form = parsed.data;

  // Bots fill the hidden field; they are told it worked and nothing is stored or sent.
  if (isHoneypotFilled(form.company_website)) {
    deps.log({ positionId: form.position_id }, 'application dropped: honeypot filled');
    return { kind: 'submitted', applicationId: crypto.randomUUID() };
  }

  const decision = await deps.rateLimits.consume('application', clientKey);
  if (!decision.allowed) return { kind: 'rate-limited', retryAfterSeconds: decision.retryAfterSeconds };

  const position = await getOpenPosition(deps.db, form.position_id);
  if (!position) return { kind: 'position-not-found' };

  const application = normalizeApplication(form);
  try {
    const applicationId = await withTransaction(deps.pool, async (tx) => {
      // The resume must be a resume upload no application has claimed yet; claiming it here
      // (in the transaction) also keeps the clean-up job away from it.
      const [resume] = await tx.db
        .update(uploads)
        .set({ attachedAt: new Date() })
        .where(and(eq(uploads.id, form.resume_upload_id), eq(uploads.purpose, 'resume'), isNull(uploads.attachedAt)))
        .returning({ id: uploads.id });
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
          resumeUploadId: resume.id,
          status: 'pending',
        })
        .returning({ id: applications.id });
      if (!row) throw new Error('The application row was not stored.');

      const hiring = newApplication({
        applicantName: application.fullName,
        applicantEmail: application.email,
        positionTitle: position.title,
        adminUrl: `${deps.siteUrl}/admin/applications/${position.id}#application-${row.id}`,
      });
      await deps.jobs.enqueueEmail({ to: deps.hiringEmail ?? siteConfig.careersEmail, ...hiring }, { db: tx });
      const confirmation = applicationReceived({ applicantName: application.fullName, positionTitle: position.title });
      await deps.jobs.enqueueEmail({ to: application.email, ...confirmation }, { db: tx });
      return row.id;
    });
    if (!applicationId) return { kind: 'invalid', fieldErrors: { resume_upload_id: messages.resumeMissing } };
    deps.log({ applicationId, positionId: position.id }, 'application stored');
    return { kind: 'submitted', applicationId };
  } catch (error) {
    if (isUniqueViolation(error, 'applications_position_email_idx')) return { kind: 'duplicate' };
    throw error;
  }
}
