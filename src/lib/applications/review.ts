import { interviewFilters, workspaceSorts } from './query.ts';
import { z } from 'zod/mini';
import type { FlashToast } from '../flash.ts';
import { textField } from '../forms.ts';
import { applicationStatuses } from './status.ts';
import { rejectionSchema } from './rejection.ts';
import { candidateEmailSchema } from './templates.ts';

/** Reviewing an application: notes, ratings, bulk changes; their inputs and texts. */

export const NOTE_MAX = 5000;

export const reviewMessages = {
  note: `Write a note (at most ${NOTE_MAX.toLocaleString('en-US')} characters)`,
  notYourNote: 'Only its author can change or delete a note.',
  noteGone: 'This note no longer exists.',
  noneSelected: 'Choose at least one application.',
} as const;

const noteBody = textField(z.trim(), z.minLength(1, reviewMessages.note), z.maxLength(NOTE_MAX, reviewMessages.note));

export const addNoteSchema = z.object({ applicationId: z.uuid(), body: noteBody });
export const editNoteSchema = z.object({ noteId: z.uuid(), body: noteBody });
export const noteIdSchema = z.object({ noteId: z.uuid() });
export const rateSchema = z.object({ applicationId: z.uuid(), rating: z.int().check(z.minimum(1), z.maximum(5)) });

/** The applications a bulk action is about: chosen ones, or every one a view of the list shows. */
const bulkTarget = z.union([
  z.object({ ids: z.array(z.uuid()).check(z.minLength(1, reviewMessages.noneSelected), z.maxLength(1000)) }),
  z.object({
    query: z.object({
      q: z.nullable(textField(z.maxLength(200))),
      position: z.nullable(z.uuid()),
      status: z.nullable(z.enum(applicationStatuses)),
      rating: z.nullable(z.union([z.int().check(z.minimum(1), z.maximum(5)), z.literal('unrated')])),
      from: z.nullable(z.iso.date()),
      to: z.nullable(z.iso.date()),
      // Older pages (open before the source filter existed) send neither: no filter.
      source: z._default(z.nullable(textField(z.maxLength(100))), null),
      knockedOut: z._default(z.boolean(), false),
      interview: z._default(z.nullable(z.enum(interviewFilters)), null),
      sort: z.enum(workspaceSorts),
      page: z.int(),
    }),
  }),
]);

export const bulkSchema = z.object({
  target: bulkTarget,
  action: z.union([
    // Moving to Rejected needs its reason (checked by the server with the status).
    z.object({ kind: z.literal('status'), status: z.enum(applicationStatuses), rejection: z._default(z.nullable(rejectionSchema), null) }),
    /** Rejected with a reason, and told so with the rejection e-mail (its text as the admin confirmed it). */
    z.object({ kind: z.literal('reject'), rejection: rejectionSchema, email: z.omit(candidateEmailSchema, { applicationId: true }) }),
  ]),
});

export type BulkInput = z.output<typeof bulkSchema>;

export const reviewToasts = {
  noteAdded: { kind: 'success', title: 'Note added' },
  noteSaved: { kind: 'success', title: 'Note saved' },
  noteDeleted: { kind: 'success', title: 'Note deleted' },
  rated: { kind: 'success', title: 'Rating saved' },
  emailSent: { kind: 'success', title: 'E-mail sent to the candidate' },
  emailScheduled: { kind: 'success', title: 'E-mail scheduled', description: 'Until it goes, Cancel sending takes it back.' },
  emailCancelled: { kind: 'success', title: 'E-mail cancelled: it will not be sent' },
  templateSaved: { kind: 'success', title: 'Template saved' },
} as const satisfies Record<string, FlashToast>;

export function bulkDoneToast(succeeded: number, total: number, refused = 0): FlashToast {
  const gone = total - succeeded - refused;
  const reasons = [
    refused > 0 ? `${refused} ${refused === 1 ? 'is' : 'are'} not yours to change (other positions)` : null,
    gone > 0 ? `${gone} no longer ${gone === 1 ? 'exists' : 'exist'} or ${gone === 1 ? 'was' : 'were'} changed meanwhile` : null,
  ].filter(Boolean);
  return {
    kind: succeeded === total ? 'success' : 'error',
    title: `${succeeded} of ${total} application${total === 1 ? '' : 's'} changed`,
    ...(reasons.length > 0 ? { description: `Not changed: ${reasons.join('; ')}.` } : {}),
  };
}
