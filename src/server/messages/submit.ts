import { withTransaction } from '../db/client.ts';
import { contactMessages as contactMessagesTable } from '../db/schema.ts';
import { spendMailBudget } from '../mail/budget.ts';
import { contactAcknowledgement, contactMessage } from '../mail/templates.ts';
import { admitPublicForm, publicFormDeps, type PublicFormDeps } from '../public-form.ts';
import type { Runtime } from '../runtime.ts';
import { claimUpload } from '../uploads/claim.ts';
import { contactReasonLabel, contactSubmissionSchema, type ContactFieldErrors } from '../../lib/messages/schema.ts';
import { contactMessages } from '../../lib/messages/texts.ts';
import { checkPhone, formatPhone } from '../../lib/phone/phone.ts';
import { siteConfig } from '../../lib/site-config.ts';
import { automatic } from '../mail/headers.ts';
import { threadAddressing } from '../replies/addresses.ts';
import { recordEvent } from '../events/record.ts';

/**
 * A message from the contact form: stored, with its attachment claimed, and an e-mail to
 * CONTACT_EMAIL (reply-to the sender) queued in the same transaction (DECISIONS.md: the original
 * sent nothing), with a short acknowledgement to the sender that repeats nothing of the message
 * (issue 27). Both only for a message the form's rate limit admitted: the limit that caps the
 * messages caps the acknowledgements, and so does the address's mail budget.
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
  const admission = await admitPublicForm(deps, contactSubmissionSchema, input, 'contact', clientKey);
  if (admission.kind === 'honeypot') {
    deps.log({}, 'contact message dropped: honeypot filled');
    return { kind: 'sent', messageId: crypto.randomUUID(), attachmentName: null };
  }
  if (admission.kind !== 'admitted') return admission;
  const form = admission.form;
  // The schema admitted only a valid number: stored in E.164, as applications are.
  const phone = form.phone ? ((await checkPhone(form.phone, form.country_code))?.e164 ?? form.phone) : null;

  // Anybody can write with any address: the acknowledgement counts against the address's mail
  // budget, spent before the transaction (whose connection must not wait for the budget's).
  const acknowledge = await spendMailBudget(deps.rateLimits, form.email, 'contact-received');
  const result = await withTransaction(deps.pool, async (tx) => {
    const attachment = form.attachment_upload_id ? await claimUpload(tx, form.attachment_upload_id, 'contact-attachment') : null;
    if (form.attachment_upload_id && !attachment) return null;
    const [row] = await tx.db
      .insert(contactMessagesTable)
      .values({
        firstName: form.first_name,
        lastName: form.last_name,
        email: form.email,
        phone,
        reason: form.reason,
        message: form.message,
        attachmentUploadId: attachment?.id ?? null,
      })
      .returning({ id: contactMessagesTable.id });
    if (!row) throw new Error('The message was not stored.');
    // The company's other systems hear of it (issue 55): the reason, never the sender's address or words.
    await recordEvent(tx.db, { kind: 'contact.received', contactMessageId: row.id, data: { reason: form.reason } });
    const mail = contactMessage({
      name: `${form.first_name} ${form.last_name}`,
      email: form.email,
      reason: contactReasonLabel(form.reason),
      message: form.message,
      phone: phone && (await formatPhone(phone)),
      attachmentName: attachment?.fileName ?? null,
      adminUrl: `${deps.siteUrl}/admin/messages/${row.id}`,
    });
    await deps.jobs.enqueueEmail({ to: deps.contactEmail ?? siteConfig.email, ...mail, headers: automatic }, { db: tx });
    // Their reply to the acknowledgement comes back to the message's thread (issue 35).
    if (acknowledge) {
      const addressing = await threadAddressing(tx.db, deps.replyAddress ?? null, { contactMessageId: row.id });
      await deps.jobs.enqueueEmail({ to: form.email, ...contactAcknowledgement(), ...addressing, headers: automatic }, { db: tx });
    } else deps.log({}, 'contact acknowledgement withheld: mail budget spent');
    return { messageId: row.id, attachmentName: attachment?.fileName ?? null };
  });
  if (!result) return { kind: 'invalid', fieldErrors: { attachment_upload_id: contactMessages.attachmentMissing } };
  deps.log({ messageId: result.messageId }, 'contact message stored');
  return { kind: 'sent', ...result };
}
