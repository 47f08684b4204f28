import { z } from 'zod/mini';
import { emailField, textField } from '../forms.ts';
import type { FlashToast } from '../flash.ts';

/** The privacy tools of the admin area: their inputs and their texts. */

export const legalHoldSchema = z.object({
  applicationId: z.uuid(),
  /** The reason, required to set a hold; null releases it. */
  reason: z.nullable(textField(z.trim(), z.minLength(3, 'Say why the application must be kept (at least 3 characters)'), z.maxLength(500))),
});

export const personSchema = z.object({ email: emailField });

export const privacyToasts = {
  holdSet: { kind: 'success', title: 'Legal hold set: the application will be kept' },
  holdReleased: { kind: 'success', title: 'Legal hold released' },
  erased: { kind: 'success', title: 'The person’s data has been erased' },
} as const satisfies Record<string, FlashToast>;
