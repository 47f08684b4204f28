import type { EventKind } from '../events/kinds.ts';
import type { Role } from '../accounts/roles.ts';

/**
 * Notifications (issues 50, 51): what a person is told of, grouped in the topics they choose
 * e-mail for (at once, in a daily digest, or not at all; the list in the workspace shows them all).
 */

/**
 * What became of a notification's e-mail: waiting (to go at once, or with the others of its thread
 * at the end of the coalescing window), waiting for the person's daily digest, sent, or none to
 * send (they chose none, or another e-mail already tells them: a host's calendar invitation).
 */
export const noticeEmailStates = ['pending', 'digest', 'sent', 'none'] as const;
export type NoticeEmailState = (typeof noticeEmailStates)[number];

/** Why a person is told of an event: their notice says so (issue 51). */
export const noticeReasons = [
  'follow',
  'team',
  'proposed',
  'assigned',
  'answered',
  'mentioned',
  'interviewer',
  'host',
  'inbox',
  'owner',
  'approver',
  'drafter',
  'admin',
  'keeper',
] as const;
export type NoticeReason = (typeof noticeReasons)[number];

export const reasonTexts: Record<NoticeReason, string> = {
  follow: 'you follow this application',
  team: 'you are on the hiring team of this position',
  proposed: 'you proposed an interview to this candidate',
  assigned: 'you were asked to interview this candidate',
  answered: 'you wrote to this person',
  mentioned: 'you were mentioned in a note',
  interviewer: 'you took part in this interview',
  host: 'you host this meeting',
  inbox: 'this address receives what nobody in particular follows',
  owner: 'this is your own calendar',
  approver: 'your approval is asked for this offer',
  drafter: 'you drafted or sent this offer',
  admin: 'you keep the site’s integrations',
  keeper: 'you keep the site’s users',
};

/** One e-mail per thread and person within this window: what comes meanwhile goes in one e-mail at its end. */
export const NOTICE_WINDOW_MINUTES = 15;

/** How long a notification stays in the list (and its event in the record). */
export const NOTIFICATION_DAYS = 90;

export const noticeTopics = [
  'applications',
  'replies',
  'interviews',
  'scorecards',
  'scorecards-due',
  'mentions',
  'meetings',
  'rejections',
  'calendars',
  'offers',
  'integrations',
  'accounts',
] as const;
export type NoticeTopic = (typeof noticeTopics)[number];

/**
 * Events told to the company's other systems only (issue 55), never as a notice: a status change is
 * made by someone on the page, a contact message is e-mailed to CONTACT_EMAIL already, an
 * erasure is the privacy page's own record, and a confirmed job alert is an analytics goal (issue 57).
 */
export const unnoticedKinds = [
  'application.status_changed',
  'contact.received',
  'alert.confirmed',
  'candidate.erased',
] as const satisfies readonly EventKind[];
export type NoticedKind = Exclude<EventKind, (typeof unnoticedKinds)[number]>;

export const isNoticed = (kind: EventKind): kind is NoticedKind => !(unnoticedKinds as readonly EventKind[]).includes(kind);

/** The topic each kind of event is chosen under. */
export const topicOf: Record<NoticedKind, NoticeTopic> = {
  'application.received': 'applications',
  'reply.received': 'replies',
  'interview.booked': 'interviews',
  'interview.moved': 'interviews',
  'interview.cancelled': 'interviews',
  'scorecard.submitted': 'scorecards',
  'scorecard.due': 'scorecards-due',
  'note.mentioned': 'mentions',
  'meeting.booked': 'meetings',
  'meeting.moved': 'meetings',
  'meeting.cancelled': 'meetings',
  'rejection.sent': 'rejections',
  'rejection.withdrawn': 'rejections',
  'calendar.unreadable': 'calendars',
  'offer.approval_requested': 'offers',
  'offer.approved': 'offers',
  'offer.changes_requested': 'offers',
  'offer.accepted': 'offers',
  'offer.declined': 'offers',
  'integration.disabled': 'integrations',
  'account.awaiting_approval': 'accounts',
  'account.break_glass_used': 'accounts',
};

export const topicLabels: Record<NoticeTopic, { label: string; hint: string }> = {
  applications: { label: 'New applications', hint: 'for the positions whose hiring team you are on' },
  replies: { label: 'Replies by e-mail', hint: 'from candidates and people who wrote to us, on a conversation you follow' },
  interviews: { label: 'Interviews booked, moved or cancelled', hint: 'of the applications you follow' },
  scorecards: { label: 'Scorecards submitted', hint: 'on the applications you follow' },
  'scorecards-due': { label: 'Your scorecards due', hint: 'after an interview you took part in' },
  mentions: { label: 'Notes that mention you', hint: 'when someone writes @ and your name' },
  meetings: { label: 'Meetings booked, moved or cancelled', hint: 'through Book a Meeting, with you as the host' },
  rejections: { label: 'Rejection e-mails sent or taken back', hint: 'on the applications you follow' },
  calendars: { label: 'Your calendars that cannot be read', hint: 'a calendar you connected on Your availability' },
  offers: { label: 'Offers', hint: 'approvals asked of you, your offers’ approvals, and candidates’ answers' },
  integrations: { label: 'Integrations switched off', hint: 'a webhook or chat channel whose deliveries kept failing' },
  accounts: { label: 'Team accounts', hint: 'someone from the company’s sign-in waiting for a role, and break-glass sign-ins' },
};

export const emailChoices = ['now', 'digest', 'off'] as const;
export type EmailChoice = (typeof emailChoices)[number];

export const emailChoiceLabels: Record<EmailChoice, string> = {
  now: 'At once',
  digest: 'In my daily digest',
  off: 'Not by e-mail',
};

/**
 * What a role gets by e-mail until the person chooses: what needs them soon at once, the rest in
 * the day's digest. Every notification is in the workspace's list whatever is chosen here.
 */
const deciders: Record<NoticeTopic, EmailChoice> = {
  applications: 'digest',
  replies: 'now',
  interviews: 'now',
  scorecards: 'now',
  'scorecards-due': 'now',
  mentions: 'now',
  meetings: 'now',
  rejections: 'digest',
  // Until it is read again nobody can book them: every role is told at once.
  calendars: 'now',
  // An approval waits for them, or a candidate answered: both need someone soon.
  offers: 'now',
  // Another system stopped hearing of what happens: whoever keeps it should know today.
  integrations: 'now',
  // Someone waits to start work, or the way around single sign-on was used: both today.
  accounts: 'now',
};
export const defaultChoices: Record<Role, Record<NoticeTopic, EmailChoice>> = {
  admin: deciders,
  recruiter: deciders,
  hiring_manager: { ...deciders, applications: 'now' },
  interviewer: { ...deciders, interviews: 'now', scorecards: 'digest' },
  editor: deciders,
  sales: deciders,
  user: deciders,
};

/** The person's choice for a topic: theirs, or their role's default. */
export function choiceFor(role: Role, chosen: Partial<Record<NoticeTopic, EmailChoice>>, topic: NoticeTopic): EmailChoice {
  return chosen[topic] ?? defaultChoices[role][topic];
}

/** The hour of the daily digest, in the person's zone: 8:00 unless they choose another. */
export const DEFAULT_DIGEST_HOUR = 8;
