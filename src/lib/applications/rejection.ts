import { z } from 'zod/mini';
import { textField } from '../forms.ts';
import { templateMessages, withKnownPlaceholders } from './templates.ts';

/**
 * Why an application was rejected: a reason from the list admins keep (E-mail templates page),
 * with a few words when the reason asks for them ("Other"). Every rejection carries one, single or
 * bulk; the candidate never sees it. The form and the server check it with these schemas.
 */

export const REASON_LABEL_MAX = 60;
export const REJECTION_DETAIL_MAX = 300;

export const rejectionMessages = {
  reason: 'Choose a reason for the rejection',
  detail: `Say why in a few words (at most ${REJECTION_DETAIL_MAX} characters): this reason asks for them`,
  detailTooLong: `Say why in at most ${REJECTION_DETAIL_MAX} characters`,
  reasonGone: 'That reason is no longer offered: choose another.',
  label: `Name the reason (1 to ${REASON_LABEL_MAX} characters)`,
  labelTaken: 'There is already a reason with this name.',
} as const;

export const rejectionSchema = z.object({
  reasonId: z.uuid(rejectionMessages.reason),
  detail: z._default(z.nullable(textField(z.trim(), z.maxLength(REJECTION_DETAIL_MAX, rejectionMessages.detailTooLong))), null),
});
export type RejectionInput = z.output<typeof rejectionSchema>;

/** A reason as admins edit it (a new one has no id). */
export const rejectionReasonSchema = z.object({
  id: z._default(z.nullable(z.uuid()), null),
  label: textField(z.trim(), z.minLength(1, rejectionMessages.label), z.maxLength(REASON_LABEL_MAX, rejectionMessages.label)),
  asksDetail: z.boolean(),
  archived: z._default(z.boolean(), false),
  /** The rejection e-mail this reason offers (placeholders as in the templates); null: the Rejection template. */
  email: z._default(
    z.nullable(
      z.object({
        subject: withKnownPlaceholders(200, templateMessages.subject),
        body: withKnownPlaceholders(10_000, templateMessages.body),
      }),
    ),
    null,
  ),
});
export type RejectionReasonInput = z.output<typeof rejectionReasonSchema>;

export interface RejectionReason {
  id: string;
  label: string;
  asksDetail: boolean;
  archived: boolean;
  /** Its own rejection e-mail, offered when it is chosen; null: the Rejection template. */
  email: { subject: string; body: string } | null;
}

/** The reasons an installation starts with (migration 0017); admins rename, add and archive. */
export const defaultRejectionReasons = ['Skills', 'Experience', 'Withdrew', 'Position filled', 'Other'] as const;
