/**
 * The e-mails of scorecards (issue 32): the reminder to an interviewer whose scorecard is missing
 * after the interview ended. It names the candidate and the position only (the interviewer may
 * read the application, which the link opens).
 */
import { greeting, oneLine, render, safeUrl, type MailContent } from './templates.ts';

export function scorecardReminderMail(input: {
  interviewerName: string;
  candidate: string;
  position: string;
  /** When the interview ended, as staff read times. */
  ended: string;
  applicationUrl: string;
  /** 1, 2 or 3: the last one says so. */
  reminder: number;
  /** Why it came, and where to choose what comes by e-mail (notice-templates.ts). */
  reason: string;
}): MailContent {
  const last = input.reminder >= 3;
  return render({
    subject: `${last ? 'Last reminder: your' : 'Your'} scorecard for ${oneLine(input.candidate, 80)} (${oneLine(input.position, 80)})`,
    preheader: `The interview ended ${input.ended}; your scorecard is not submitted yet.`,
    heading: 'Your scorecard is waiting',
    blocks: [
      { kind: 'paragraph', text: greeting(input.interviewerName) },
      {
        kind: 'paragraph',
        text: `Your interview with ${input.candidate} for ${input.position} ended ${input.ended}. Please submit your scorecard while it is fresh: the others on the panel see theirs only after submitting, and the decision waits for everyone's.`,
      },
      { kind: 'button', label: 'Open the scorecard', href: safeUrl(input.applicationUrl) },
      ...(last ? [{ kind: 'paragraph' as const, text: 'This is the last reminder.' }] : []),
    ],
    reason: input.reason,
  });
}
