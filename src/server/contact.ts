import { and, eq, isNull } from 'drizzle-orm';
import { withTransaction } from './db/client.ts';
import { contactMessages as contactMessagesTable, uploads } from './db/schema.ts';
import { contactMessage } from './mail/templates.ts';
import { fieldErrorsOf, publicFormDeps, type PublicFormDeps } from './public-form.ts';
import { isHoneypotFilled } from './rate-limit.ts';
import type { Runtime } from './runtime.ts';
import { contactMessages, contactReasonLabel, contactSubmissionSchema, type ContactFieldErrors } from '../lib/contact-schema.ts';
import { siteConfig } from '../lib/site-config.ts';

/**
 * A message from the contact form: stored, with its attachment claimed, and an e-mail to
 * CONTACT_EMAIL (reply-to the sender) queued in the same transaction (DECISIONS.md: the original
 * sent nothing).
 */

export interface ContactDeps extends PublicFormDeps {
  contactEmail: string | undefined;
}

export function contactDeps(runtime: Runtime): ContactDeps {
  return { ...publicFormDeps(runtime), contactEmail: runtime.config.mail.contactEmail };
}

export type ContactResult =
  | { kind: 'sent'; messageId: string; attachmentName: string | null }
  | { kind: 'invalid'; fieldErrors: ContactFieldErrors }
  | { kind: 'rate-limited'; retryAfterSeconds: number };

export async function submitContactMessage(deps: ContactDeps, input: unknown, clientKey: string): Promise<ContactResult> {
  const parsed = contactSubmissionSchema.safeParse(input);
  if (!parsed.success) return { kind: 'invalid', fieldErrors: fieldErrorsOf<keyof ContactFieldErrors>(parsed.error.issues) };
  const form = parsed.data;
  if (isHoneypotFilled(form.company_website)) {
    deps.log({}, 'contact message dropped: honeypot filled');
    return { kind: 'sent', messageId: crypto.randomUUID(), attachmentName: null };
  }
  const decision = await deps.rateLimits.consume('contact', clientKey);
  if (!decision.allowed) return { kind: 'rate-limited', retryAfterSeconds: decision.retryAfterSeconds };

  const result = await withTransaction(deps.pool, async (tx) => {
    let attachment: { id: string; fileName: string } | undefined;
    if (form.attachment_upload_id) {
      [attachment] = await tx.db
        .update(uploads)
        .set({ attachedAt: new Date() })
        .where(and(eq(uploads.id, form.attachment_upload_id), eq(uploads.purpose, 'contact-attachment'), isNull(uploads.attachedAt)))
        .returning({ id: uploads.id, fileName: uploads.fileName });
      if (!attachment) return null;
    }
    const [row] = await tx.db
      .insert(contactMessagesTable)
      .values({
        firstName: form.first_name,
        lastName: form.last_name,
        email: form.email,
        phone: form.phone || null,
        reason: form.reason,
        message: form.message,
        attachmentUploadId: attachment?.id ?? null,
      })
      .returning({ id: contactMessagesTable.id });
    if (!row) throw new Error('The message was not stored.');
    const mail = contactMessage({
      name: `${form.first_name} ${form.last_name}`,
      email: form.email,
      reason: contactReasonLabel(form.reason),
      message: form.message,
      phone: form.phone || null,
      attachmentName: attachment?.fileName ?? null,
      adminUrl: `${deps.siteUrl}/admin/messages/${row.id}`,
    });
    await deps.jobs.enqueueEmail({ to: deps.contactEmail ?? siteConfig.email, ...mail }, { db: tx });
    return { messageId: row.id, attachmentName: attachment?.fileName ?? null };
  });
  if (!result) return { kind: 'invalid', fieldErrors: { attachment_upload_id: contactMessages.attachmentMissing } };
  deps.log({ messageId: result.messageId }, 'contact message stored');
  return { kind: 'sent', ...result };
}
