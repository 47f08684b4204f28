import { z } from 'zod/mini';
import { honeypotField } from '../../lib/honeypot.ts';
import { applicationFields, phoneOfCountry } from '../../lib/applications/schema.ts';
import { sourceFields } from '../../lib/applications/source.ts';

/**
 * What the browser sends: the apply form's fields (the schema the form uses), the position, the
 * answers to its questions and the honeypot field (empty for people). Server-only, so the apply
 * page's JavaScript does not carry it.
 */
export const applicationSubmissionSchema = z
  .object({
    ...applicationFields,
    // Where the visit came from: hidden fields, not the form's (the browser does not check them).
    ...sourceFields,
    // Checked by the server against the position's questions once it has the position (submit.ts).
    answers: z.optional(z.unknown()),
    position_id: z.uuid(),
    ...honeypotField,
  })
  .check(phoneOfCountry);
