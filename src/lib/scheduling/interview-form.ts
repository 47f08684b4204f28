import { z } from 'zod/mini';

/**
 * Proposing an interview (issue 31): the form on an application's page and the server's command
 * read this one schema. Its messages name the field and the rule.
 */

export const interviewLengths = [30, 45, 60, 90] as const;
/** The longest window a candidate is offered times in, and how far ahead it may end. */
export const MAX_WINDOW_DAYS = 30;
export const MAX_DAYS_AHEAD = 60;
export const MAX_INTERVIEWERS = 6;

const day = (field: string) => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, `${field}: choose a day.`));

export const interviewProposalSchema = z
  .object({
    applicationId: z.uuid(),
    durationMinutes: z.union(interviewLengths.map((length) => z.literal(length)) as [z.ZodMiniLiteral<30>, ...z.ZodMiniLiteral<number>[]], {
      error: 'Length: choose 30, 45, 60 or 90 minutes.',
    }),
    interviewerIds: z
      .array(z.string().check(z.minLength(1)))
      .check(
        z.minLength(1, 'Interviewers: choose at least one.'),
        z.maxLength(MAX_INTERVIEWERS, `Interviewers: at most ${MAX_INTERVIEWERS}.`),
      ),
    from: day('From'),
    until: day('Until'),
    /** The stage of the position's interview plan it is for (its scorecards' stage); none: not said. */
    stageId: z._default(z.nullable(z.string().check(z.regex(/^[a-z0-9-]{1,40}$/, 'Stage: choose one of the plan’s stages.'))), null),
  })
  .check(
    z.refine((form) => form.until >= form.from, { message: 'Until: must be on or after the first day.', path: ['until'] }),
    z.refine((form) => daysBetween(form.from, form.until) < MAX_WINDOW_DAYS, {
      message: `Until: the window can be at most ${MAX_WINDOW_DAYS} days.`,
      path: ['until'],
    }),
  );
export type InterviewProposal = z.infer<typeof interviewProposalSchema>;

/**
 * Recording an interview held elsewhere (a call arranged by phone, an on-site day): when it ended
 * (a wall-clock time in the recorder's zone), its length, stage and interviewers. It holds no one's
 * time (it is over); its interviewers are reminded of their scorecards as for a booked one.
 */
export const interviewRecordSchema = z.object({
  applicationId: z.uuid(),
  stageId: z._default(z.nullable(z.string().check(z.regex(/^[a-z0-9-]{1,40}$/, 'Stage: choose one of the plan’s stages.'))), null),
  endedAt: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Ended at: choose the day and time it ended.')),
  durationMinutes: z.union(interviewLengths.map((length) => z.literal(length)) as [z.ZodMiniLiteral<30>, ...z.ZodMiniLiteral<number>[]], {
    error: 'Length: choose 30, 45, 60 or 90 minutes.',
  }),
  interviewerIds: z
    .array(z.string().check(z.minLength(1)))
    .check(
      z.minLength(1, 'Interviewers: choose at least one.'),
      z.maxLength(MAX_INTERVIEWERS, `Interviewers: at most ${MAX_INTERVIEWERS}.`),
    ),
});
export type InterviewRecord = z.infer<typeof interviewRecordSchema>;
export const RECORD_WITHIN_DAYS = 30;

/** Withdrawing an invitation or cancelling a booked interview, on its application. */
export const interviewCancelSchema = z.object({ applicationId: z.uuid(), requestId: z.uuid() });

/** Whole days from one YYYY-MM-DD to another. */
export function daysBetween(from: string, until: string): number {
  return Math.round((Date.parse(`${until}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const interviewTexts = {
  noCommonTime: 'These interviewers have no common free time in that window. Choose more days, a shorter length or other interviewers.',
  fromPast: 'From: choose today or a later day.',
  tooFar: `Until: at most ${MAX_DAYS_AHEAD} days ahead.`,
  notInterviewer: 'Interviewers: one of them cannot interview (their role does not review applications).',
  closed: 'This application is closed: an interview cannot be proposed.',
  stillOffered: 'This invitation is still offered to the candidate: there is nothing to offer again.',
  /** The candidate's page. */
  choose: 'Choose a time for your interview',
  chooseAgain: 'Choose a new time for your interview',
  cancelledEnded: 'This invitation has ended. If you would like another time, reply to the e-mail you received.',
  notOffered: 'This interview is no longer offered.',
  withdrawn: 'This invitation was withdrawn. If you have questions, reply to the e-mail you received.',
  noTimesLeft: 'No time in this invitation is free any more. Please reply to the e-mail you received and we will propose others.',
  alreadyBooked: 'Your interview is booked.',
  recordFuture: 'Ended at: an interview is recorded once it has ended; propose one for a time to come.',
  recordTooOld: `Ended at: record interviews of the last ${RECORD_WITHIN_DAYS} days.`,
} as const;
