import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { applications, bookings, contactMessages, positions } from '../db/schema.ts';
import type { StoredEvent } from '../events/record.ts';
import { replyLine } from '../mail/reply-templates.ts';
import { whenLabel } from '../../lib/scheduling/format.ts';
import type { EventData } from '../../lib/events/kinds.ts';

/**
 * What a notification says, in the words of the person it is for (their zone for times): one
 * sentence, where it is read, and what its thread is. The list in the workspace and the e-mails
 * read the same words.
 */

/** Where a person's own calendars are, on their availability page: where their notices of them lead. */
export const CALENDARS_PATH = '/account/availability#your-calendars';

export interface Place {
  /** "Carla Candidate's application for Platform Engineer", "Paula Prospect's message", "a meeting with Vera Visitor". */
  about: string;
  /** For reply notices: "their application for Platform Engineer". */
  theirs: string;
  /** The admin area's page of the thread (one's own calendars: their section of Your availability). */
  path: string;
}

export interface NoticeView {
  line: string;
  /** The subject of an e-mail of this one notice. */
  subject: string;
  path: string;
  about: string;
}

/** The places of the threads of these events, by thread. */
export async function placesOf(db: Pick<Database, 'select'>, events: readonly StoredEvent[]): Promise<Map<string, Place>> {
  const places = new Map<string, Place>();
  const applicationIds = [...new Set(events.flatMap((event) => (event.applicationId ? [event.applicationId] : [])))];
  const messageIds = [...new Set(events.flatMap((event) => (event.contactMessageId ? [event.contactMessageId] : [])))];
  const bookingIds = [...new Set(events.flatMap((event) => (!event.applicationId && event.bookingId ? [event.bookingId] : [])))];
  if (applicationIds.length > 0)
    for (const row of await db
      .select({ id: applications.id, name: applications.fullName, positionId: positions.id, title: positions.title })
      .from(applications)
      .innerJoin(positions, eq(positions.id, applications.positionId))
      .where(inArray(applications.id, applicationIds)))
      places.set(`application:${row.id}`, {
        about: `${row.name}’s application for ${row.title}`,
        theirs: `their application for ${row.title}`,
        path: `/admin/applications/${row.positionId}/${row.id}`,
      });
  if (messageIds.length > 0)
    for (const row of await db
      .select({ id: contactMessages.id, name: sql<string>`${contactMessages.firstName} || ' ' || ${contactMessages.lastName}` })
      .from(contactMessages)
      .where(inArray(contactMessages.id, messageIds)))
      places.set(`message:${row.id}`, {
        about: `${row.name}’s message`,
        theirs: 'their contact message',
        path: `/admin/messages/${row.id}`,
      });
  if (bookingIds.length > 0)
    for (const row of await db
      .select({ id: bookings.id, guest: bookings.guestName })
      .from(bookings)
      .where(inArray(bookings.id, bookingIds)))
      places.set(`booking:${row.id}`, {
        about: `a meeting with ${row.guest}`,
        theirs: 'their meeting',
        path: '/admin/meetings',
      });
  // One's own calendars: no row to look for (it is one's own page; a calendar removed since leaves it).
  for (const event of events)
    if (event.kind === 'calendar.unreadable')
      places.set(threadOf(event), { about: 'your calendars', theirs: 'your calendars', path: CALENDARS_PATH });
    else if (event.kind === 'integration.disabled') {
      const { endpointId, name } = event.data as EventData['integration.disabled'];
      places.set(threadOf(event), {
        about: `the integration “${name}”`,
        theirs: 'its integration',
        path: `/admin/integrations/${endpointId}`,
      });
    } else if (event.kind === 'account.awaiting_approval' || event.kind === 'account.break_glass_used') {
      // The users' table, filtered to the person (issue 56).
      const { name, email } = event.data as EventData['account.awaiting_approval'];
      places.set(threadOf(event), {
        about: `${name}’s account`,
        theirs: 'their account',
        path: `/admin?q=${encodeURIComponent(email)}#users`,
      });
    }
  return places;
}

/**
 * The thread of an event: its application, its contact message, or its booking (a meeting); or,
 * of one's own calendars (which concern none of them), their owner's: every calendar of a person is
 * one thread, so several failing at once are one e-mail in the window, not one each.
 */
export function threadOf(event: Pick<StoredEvent, 'kind' | 'data' | 'applicationId' | 'contactMessageId' | 'bookingId'>): string {
  if (event.applicationId) return `application:${event.applicationId}`;
  if (event.contactMessageId) return `message:${event.contactMessageId}`;
  if (event.kind === 'calendar.unreadable') return `calendars:${(event.data as EventData['calendar.unreadable']).ownerUserId}`;
  if (event.kind === 'integration.disabled') return `integration:${(event.data as EventData['integration.disabled']).endpointId}`;
  if (event.kind === 'account.awaiting_approval' || event.kind === 'account.break_glass_used')
    return `account:${(event.data as EventData['account.awaiting_approval']).userId}`;
  return `booking:${event.bookingId}`;
}

const stageOf = (stage: string | null) => (stage ? ` (${stage})` : '');

/** One event in words, for a person in `timeZone`; null when its thread is gone. */
export function describe(event: StoredEvent, place: Place | undefined, timeZone: string): NoticeView | null {
  if (!place) return null;
  const at = (iso: string) => whenLabel(new Date(iso), timeZone);
  const view = (line: string, subject: string, hash = '') => ({ line, subject, path: `${place.path}${hash}`, about: place.about });
  // An offer's notice leads to the offer's own page.
  const offerView = (data: { offerId: string }, line: string, subject: string) => ({
    line,
    subject,
    path: `/admin/offers/${data.offerId}`,
    about: place.about,
  });
  switch (event.kind) {
    case 'application.received': {
      const data = event.data as EventData['application.received'];
      return view(
        `${data.candidateName} applied for ${data.positionTitle}.`,
        `New application: ${data.candidateName} for ${data.positionTitle}`,
      );
    }
    case 'reply.received': {
      const data = event.data as EventData['reply.received'];
      const line = replyLine({ ...data, about: place.theirs });
      return view(
        line,
        data.senderStatus === 'unverified' ? `Unverified reply from ${data.from}` : `New reply from ${data.from}`,
        `#reply-${data.inboundMailId}`,
      );
    }
    case 'interview.booked':
    case 'interview.moved':
    case 'interview.cancelled': {
      const data = event.data as EventData['interview.booked'];
      const interview = `the interview${stageOf(data.stage)}`;
      // "Cara Candidate cancelled the interview (Screening) of …"; staff's change names the candidate.
      const withWhom = data.by === 'guest' ? '' : ` with ${data.candidateName}`;
      const line =
        event.kind === 'interview.booked'
          ? `${data.candidateName} booked ${interview} for ${at(data.startsAt)}.`
          : event.kind === 'interview.moved'
            ? `${data.by === 'guest' ? data.candidateName : 'Staff'} moved ${interview}${withWhom} to ${at(data.startsAt)}.`
            : `${data.by === 'guest' ? data.candidateName : 'Staff'} cancelled ${interview}${withWhom} of ${at(data.startsAt)}.`;
      const verb = event.kind === 'interview.booked' ? 'booked' : event.kind === 'interview.moved' ? 'moved' : 'cancelled';
      return view(line, `Interview ${verb}: ${data.candidateName}`, '#interviews-heading');
    }
    case 'scorecard.submitted': {
      const data = event.data as EventData['scorecard.submitted'];
      return view(
        `${data.interviewerName} submitted a scorecard${stageOf(data.stage)} for ${data.candidateName}.`,
        `Scorecard submitted: ${data.candidateName}`,
        '#scorecards-heading',
      );
    }
    case 'scorecard.due': {
      const data = event.data as EventData['scorecard.due'];
      return view(
        `Your scorecard${stageOf(data.stage)} for ${data.candidateName} is due: the interview ended ${at(data.endedAt)}.`,
        `Your scorecard for ${data.candidateName}${stageOf(data.stage)}`,
        '#scorecard-heading',
      );
    }
    case 'note.mentioned': {
      const data = event.data as EventData['note.mentioned'];
      return view(
        `${data.authorName} mentioned you in a note on ${data.candidateName}’s application.`,
        `${data.authorName} mentioned you: ${data.candidateName}`,
        `#note-${data.noteId}`,
      );
    }
    case 'meeting.booked':
    case 'meeting.moved':
    case 'meeting.cancelled': {
      const data = event.data as EventData['meeting.booked'];
      const guest = `${data.guestName}${data.company ? ` (${data.company})` : ''}`;
      const line =
        event.kind === 'meeting.booked'
          ? `${guest} booked a meeting for ${at(data.startsAt)}.`
          : event.kind === 'meeting.moved'
            ? `${guest} moved their meeting to ${at(data.startsAt)}.`
            : `${data.by === 'guest' ? guest : 'Staff'} cancelled the meeting of ${at(data.startsAt)}${data.by === 'guest' ? '' : ` with ${guest}`}.`;
      const verb = event.kind === 'meeting.booked' ? 'booked' : event.kind === 'meeting.moved' ? 'moved' : 'cancelled';
      return view(line, `Meeting ${verb}: ${data.guestName}`);
    }
    case 'rejection.sent': {
      const data = event.data as EventData['rejection.sent'];
      return view(
        data.sendAt
          ? `The rejection e-mail to ${data.candidateName} will go on ${at(data.sendAt)}.`
          : `The rejection e-mail to ${data.candidateName} was sent.`,
        `Rejection e-mail: ${data.candidateName}`,
      );
    }
    case 'rejection.withdrawn': {
      const data = event.data as EventData['rejection.withdrawn'];
      return view(
        `The rejection e-mail to ${data.candidateName} was taken back before it went.`,
        `Rejection taken back: ${data.candidateName}`,
      );
    }
    case 'offer.approval_requested': {
      const data = event.data as EventData['offer.approval_requested'];
      return offerView(
        data,
        `Your approval is asked for the offer to ${data.candidateName} for ${data.positionTitle} (version ${data.version}).`,
        `Offer to approve: ${data.candidateName}`,
      );
    }
    case 'offer.approved': {
      const data = event.data as EventData['offer.approved'];
      return offerView(
        data,
        `The offer to ${data.candidateName} for ${data.positionTitle} (version ${data.version}) has all its approvals: it is ready to send.`,
        `Offer approved: ${data.candidateName}`,
      );
    }
    case 'offer.changes_requested': {
      const data = event.data as EventData['offer.changes_requested'];
      return offerView(
        data,
        `${data.byName} asked for changes to the offer to ${data.candidateName} (version ${data.version}).`,
        `Changes asked: offer to ${data.candidateName}`,
      );
    }
    case 'offer.accepted': {
      const data = event.data as EventData['offer.accepted'];
      return offerView(
        data,
        `${data.candidateName} accepted and signed the offer for ${data.positionTitle}.`,
        `Offer accepted: ${data.candidateName}`,
      );
    }
    case 'offer.declined': {
      const data = event.data as EventData['offer.declined'];
      return offerView(
        data,
        `${data.candidateName} declined the offer for ${data.positionTitle}.`,
        `Offer declined: ${data.candidateName}`,
      );
    }
    // Told to other systems only (lib/notifications/kinds.ts): no notice says them.
    case 'application.status_changed':
    case 'contact.received':
    case 'alert.confirmed':
    case 'candidate.erased':
      return null;
    case 'integration.disabled': {
      const data = event.data as EventData['integration.disabled'];
      const error = data.error?.trim();
      const why = error ? ` The last answer: ${/[.!?]$/.test(error) ? error : `${error}.`}` : '';
      return view(
        `The integration “${data.name}” was switched off: its deliveries failed for a day.${why} What it was not sent waits until it is switched on again.`,
        `Integration switched off: ${data.name}`,
      );
    }
    case 'account.awaiting_approval': {
      const data = event.data as EventData['account.awaiting_approval'];
      return view(
        `${data.name} (${data.email}) signed in with the company’s account and waits for a role: choose theirs in Users.`,
        `Waiting for a role: ${data.name}`,
      );
    }
    case 'account.break_glass_used': {
      const data = event.data as EventData['account.break_glass_used'];
      return view(
        `${data.name} (${data.email}) signed in with the site’s password, not the company’s sign-in, from ${data.ip}. If that was not expected, reset their password and second factor.`,
        `Break-glass sign-in: ${data.name}`,
      );
    }
    case 'calendar.unreadable': {
      const data = event.data as EventData['calendar.unreadable'];
      // The error is a sentence in words for its owner ("The link answered 500."): said as it is.
      const error = data.error?.trim();
      const why = error ? `: ${/[.!?]$/.test(error) ? error : `${error}.`}` : '.';
      return view(
        `Your calendar “${data.calendar}” has not been read since ${at(data.since)}${why} Until it is, nobody can book you.`,
        `Your calendar “${data.calendar}” cannot be read`,
      );
    }
  }
}
