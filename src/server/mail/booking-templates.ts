/**
 * The e-mails of bookings (src/server/scheduling/): to the guest and to the hosts, when a meeting
 * is booked, moved or cancelled, each with the calendar invitation attached by the sender and the
 * link to reschedule or cancel. The guest's e-mail repeats nothing they typed but their name: anyone
 * can type anyone's address into a form, and what it sends must not carry their text to it.
 */
import { siteConfig } from '../../lib/site-config.ts';
import { greeting, oneLine, render, safeUrl, type MailContent } from './templates.ts';

export type BookingChange = 'booked' | 'moved' | 'cancelled';

/** "meeting" → "Meeting": a kind of booking at the start of a subject or heading. */
export const capitalised = (word: string) => `${word[0]!.toUpperCase()}${word.slice(1)}`;

/** The guest's e-mails' facts: when (in their zone) and with whom. */
const guestRows = (when: string, hostNames: string): Array<readonly [string, string]> => [
  ['When', when],
  ['With', hostNames],
];

/** The hosts' e-mails' facts: when (in their zone) and who is coming (an interview's candidate, for which position and stage). */
const hostRows = (
  when: string,
  guest: { name: string; email: string; company?: string | null },
  interview?: { position: string; stage?: string | null } | null,
): Array<readonly [string, string]> => [
  ['When', when],
  [interview ? 'Candidate' : 'Name', guest.name],
  ['E-mail', guest.email],
  ...(guest.company ? [['Company', guest.company] as const] : []),
  ...(interview ? [['Position', interview.position] as const] : []),
  ...(interview?.stage ? [['Stage', interview.stage] as const] : []),
];

const headings: Record<BookingChange, (what: string) => string> = {
  booked: (what) => `Your ${what} is booked`,
  moved: (what) => `Your ${what} was moved`,
  cancelled: (what) => `Your ${what} was cancelled`,
};

/** Why the guest receives a booking's e-mails: they booked a meeting, or they applied (an interview). */
const guestReason = (what: string) =>
  what === 'interview'
    ? `You received this e-mail because you applied for a position at ${siteConfig.name} and were invited to an interview.`
    : `You received this e-mail because this address was given when booking a meeting on the ${siteConfig.name} website.`;

/** Why a host receives them. */
const hostReason = (what: string) =>
  what === 'interview'
    ? `You received this e-mail because you are one of the interviewers.`
    : `You received this e-mail because you take meetings booked on the ${siteConfig.name} website.`;

/** To the person who booked: when (in their zone), with whom, and the link to change it. */
export function bookingGuestMail(input: {
  change: BookingChange;
  guestName: string;
  /** The time in the guest's zone, with the zone ("Tuesday, December 1, 2026 at 4:00 PM GMT+1"). */
  when: string;
  hostNames: string;
  /** Where the guest moves or cancels it; none in a cancellation staff made. */
  manageUrl?: string;
  what: string;
  /** An interview's position. */
  position?: string | null;
}): MailContent {
  const cancelled = input.change === 'cancelled';
  return render({
    subject: `${headings[input.change](input.what)}: ${oneLine(input.when, 80)}`,
    preheader: cancelled ? `Your ${input.what} on ${input.when} is cancelled.` : `${input.what} with ${input.hostNames}, ${input.when}.`,
    heading: headings[input.change](input.what),
    blocks: [
      { kind: 'paragraph', text: greeting(input.guestName) },
      {
        kind: 'paragraph',
        text: cancelled
          ? `Your ${input.what} with ${input.hostNames} on ${input.when} is cancelled. Your calendar removes it when you open the attached invitation.`
          : `Your ${input.what} with ${input.hostNames} is on ${input.when}. The attached invitation adds it to your calendar.`,
      },
      { kind: 'details', rows: guestRows(input.when, input.hostNames) },
      ...(input.position ? [{ kind: 'details' as const, rows: [['Position', input.position] as const] }] : []),
      ...(!input.manageUrl
        ? []
        : cancelled
          ? input.what === 'meeting'
            ? [{ kind: 'button' as const, label: 'Book another time', href: safeUrl(input.manageUrl) }]
            : []
          : [{ kind: 'button' as const, label: 'Reschedule or cancel', href: safeUrl(input.manageUrl) }]),
      ...(input.what === 'meeting'
        ? [
            {
              kind: 'paragraph' as const,
              text: `If you did not book this, someone else typed your address: cancel it with the link above, or ignore this e-mail.`,
            },
          ]
        : []),
    ],
    reason: guestReason(input.what),
  });
}

/** To each host: who is coming, what they wrote, and when (in the host's zone). */
export function bookingHostMail(input: {
  change: BookingChange;
  when: string;
  what: string;
  guest: { name: string; email: string; company?: string | null; topic?: string | null };
  /** An interview's position, its stage, and the application's page in the workspace. */
  interview?: { position: string; stage?: string | null; applicationUrl: string } | null;
}): MailContent {
  // The change's name is its verb: "Meeting booked", "Meeting moved", "Meeting cancelled".
  const verb = input.change;
  const { interview } = input;
  // "Interview booked: Cara Candidate, …"; its heading names the stage ("Technical interview booked").
  const kind = interview?.stage ? oneLine(interview.stage, 60) : capitalised(input.what);
  const who = oneLine(input.guest.name, 80);
  return {
    ...render({
      subject: `${capitalised(input.what)} ${verb}: ${oneLine(input.guest.name, 60)}, ${oneLine(input.when, 60)}`,
      preheader: interview
        ? `${kind} with ${who} (${oneLine(interview.position, 80)}), ${verb}: ${input.when}.`
        : `A ${input.what} with ${who}, ${verb}: ${input.when}.`,
      heading: interview ? `${kind} with ${who} ${verb}` : `${capitalised(input.what)} ${verb}`,
      blocks: [
        { kind: 'details', rows: hostRows(input.when, input.guest, interview) },
        ...(input.guest.topic ? [{ kind: 'quote' as const, label: 'Topic', text: input.guest.topic }] : []),
        ...(interview ? [{ kind: 'button' as const, label: 'Open the application', href: safeUrl(interview.applicationUrl) }] : []),
        {
          kind: 'paragraph',
          text: `The attached invitation updates your calendar. Reply to this e-mail to write to the ${interview ? 'candidate' : 'guest'}.`,
        },
      ],
      reason: hostReason(input.what),
    }),
    replyTo: input.guest.email,
  };
}

/** The day before: to the guest, when and with whom, and the link to move or cancel (when the booking keeps it). */
export function bookingReminderGuestMail(input: {
  guestName: string;
  when: string;
  hostNames: string;
  what: string;
  manageUrl: string | null;
}): MailContent {
  return render({
    subject: `Reminder: your ${input.what} on ${oneLine(input.when, 80)}`,
    preheader: `Your ${input.what} with ${input.hostNames} is on ${input.when}.`,
    heading: `Your ${input.what} is tomorrow`,
    blocks: [
      { kind: 'paragraph', text: greeting(input.guestName) },
      { kind: 'paragraph', text: `A reminder: your ${input.what} with ${input.hostNames} is on ${input.when}.` },
      { kind: 'details', rows: guestRows(input.when, input.hostNames) },
      ...(input.manageUrl ? [{ kind: 'button' as const, label: 'Reschedule or cancel', href: safeUrl(input.manageUrl) }] : []),
    ],
    reason: guestReason(input.what),
  });
}

/** The day before: to each host, who is coming and when. */
export function bookingReminderHostMail(input: {
  when: string;
  what: string;
  guest: { name: string; email: string; company?: string | null };
  interview?: { position: string; stage?: string | null; applicationUrl: string } | null;
}): MailContent {
  const { interview } = input;
  return {
    ...render({
      subject: `Reminder: ${input.what} with ${oneLine(input.guest.name, 60)}, ${oneLine(input.when, 60)}`,
      preheader: `${oneLine(input.guest.name, 80)}, ${input.when}.`,
      heading: interview?.stage
        ? `${oneLine(interview.stage, 60)} with ${oneLine(input.guest.name, 80)} tomorrow`
        : `${capitalised(input.what)} tomorrow`,
      blocks: [
        { kind: 'details', rows: hostRows(input.when, input.guest, interview) },
        ...(interview ? [{ kind: 'button' as const, label: 'Open the application', href: safeUrl(interview.applicationUrl) }] : []),
      ],
      reason: hostReason(input.what),
    }),
    replyTo: input.guest.email,
  };
}

/**
 * To a candidate: an interview is proposed; the button opens the private page listing the times
 * every interviewer is free, where they pick one.
 */
export function interviewInvitationMail(input: {
  candidateName: string;
  position: string;
  durationMinutes: number;
  interviewerNames: string;
  /** "between Tuesday, December 1 and Friday, December 11" */
  window: string;
  chooseUrl: string;
}): MailContent {
  return render({
    subject: `Choose a time for your interview: ${oneLine(input.position, 80)}`,
    preheader: `Pick a time for a ${input.durationMinutes}-minute interview with ${input.interviewerNames}.`,
    heading: 'Choose a time for your interview',
    blocks: [
      { kind: 'paragraph', text: greeting(input.candidateName) },
      {
        kind: 'paragraph',
        text: `We would like to invite you to an interview for ${input.position}. Please choose a time that suits you ${input.window}: the page shows only times when everyone on the interview is free, in your time zone.`,
      },
      {
        kind: 'details',
        rows: [
          ['Position', input.position],
          ['Length', `${input.durationMinutes} minutes`],
          ['With', input.interviewerNames],
        ],
      },
      { kind: 'button', label: 'Choose a time', href: safeUrl(input.chooseUrl) },
      { kind: 'paragraph', text: 'Once you pick a time, you get a calendar invitation with a link to move or cancel it.' },
    ],
    reason: guestReason('interview'),
  });
}

/** To a candidate: the proposed interview was withdrawn before they chose a time. */
export function interviewWithdrawnMail(input: { candidateName: string; position: string }): MailContent {
  return render({
    subject: `Interview invitation withdrawn: ${oneLine(input.position, 80)}`,
    preheader: `The invitation to choose an interview time for ${input.position} was withdrawn.`,
    heading: 'Interview invitation withdrawn',
    blocks: [
      { kind: 'paragraph', text: greeting(input.candidateName) },
      {
        kind: 'paragraph',
        text: `The invitation to choose a time for an interview for ${input.position} was withdrawn, and its link no longer works. We will be in touch if we propose another time.`,
      },
    ],
    reason: guestReason('interview'),
  });
}
