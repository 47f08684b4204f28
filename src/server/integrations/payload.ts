import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { applications, contactMessages, positions } from '../db/schema.ts';
import type { StoredEvent } from '../events/record.ts';
import { contactReasonLabel } from '../../lib/messages/schema.ts';
import { statusLabels } from '../../lib/applications/status.ts';
import type { EventData } from '../../lib/events/kinds.ts';
import type { PublishedKind } from '../../lib/integrations/integration.ts';

/**
 * What an integration is told of an event (issue 55): ids, names and links, never more. No resume,
 * no answers, no pay, no e-mail address or phone number, no words of a message or a reply: whoever
 * needs them opens the link, signed in, and the permission module decides there. A webhook gets
 * JSON (`{ type, timestamp, data }`, as the Standard Webhooks specification shapes it); a chat
 * channel one line of text in the Slack format that Mattermost, Rocket.Chat and Teams' workflows read.
 */

export interface Outgoing {
  /** The JSON a webhook is sent. */
  payload: { type: PublishedKind; timestamp: string; data: Record<string, unknown> };
  /** The line a chat channel is sent (Slack's mrkdwn, links as <url|label>). */
  text: string;
  /** The thread the event belongs to: deliveries of one thread go in order. */
  orderKey: string;
}

/**
 * Text someone typed (a candidate's name, a guest's company, a position's title), made inert in a
 * channel: Slack's three escapes (& < >: its links and mentions are written <…>), and an invisible
 * WORD JOINER (U+2060) after each character that starts a Markdown link or image, a mention, a
 * channel or emphasis, or a bare link (Mattermost, Rocket.Chat and Teams read Markdown; Slack links
 * "evil.example" by itself): "[Open](https://evil.example) @all" shows as typed, and does nothing.
 */
export const chatEscape = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[[\]()!@#*_~`|:./\\]/g, '$&\u2060');
const link = (url: string, label: string) => `<${url}|${label}>`;

/** The event for integrations; null when what it is about is gone (it is then sent to nobody). */
export async function outgoingOf(
  db: Pick<Database, 'select'>,
  siteUrl: string,
  event: StoredEvent<PublishedKind>,
): Promise<Outgoing | null> {
  const payload = (data: Record<string, unknown>) => ({ type: event.kind, timestamp: event.occurredAt.toISOString(), data });
  if (event.applicationId) {
    const [row] = await db
      .select({ name: applications.fullName, status: applications.status, positionId: positions.id, title: positions.title })
      .from(applications)
      .innerJoin(positions, eq(positions.id, applications.positionId))
      .where(eq(applications.id, event.applicationId));
    if (!row) return null;
    const url = `${siteUrl}/admin/applications/${row.positionId}/${event.applicationId}`;
    const base = {
      application: { id: event.applicationId, status: row.status, url },
      position: { id: row.positionId, title: row.title, url: `${siteUrl}/admin/applications/${row.positionId}` },
      candidate: { name: row.name },
    };
    const who = chatEscape(row.name);
    const what = chatEscape(row.title);
    const open = link(url, 'Open the application');
    const orderKey = `application:${event.applicationId}`;
    const interview = (data: EventData['interview.booked']) => ({
      id: event.bookingId,
      startsAt: data.startsAt,
      stage: data.stage,
      by: data.by === 'guest' ? 'candidate' : 'staff',
    });
    switch (event.kind) {
      case 'application.received':
        return { orderKey, payload: payload(base), text: `New application from *${who}* for ${what}. ${open}` };
      case 'application.status_changed': {
        const { from, to } = event.data as EventData['application.status_changed'];
        return {
          orderKey,
          payload: payload({ ...base, change: { from, to } }),
          text: `*${who}* (${what}) moved from ${statusLabels[from]} to ${statusLabels[to]}. ${open}`,
        };
      }
      case 'interview.booked':
      case 'interview.moved':
      case 'interview.cancelled': {
        const data = event.data as EventData['interview.booked'];
        const verb = event.kind.slice('interview.'.length);
        const stage = data.stage ? ` (${chatEscape(data.stage)})` : '';
        return {
          orderKey,
          payload: payload({ ...base, interview: interview(data) }),
          text: `Interview${stage} with *${who}* for ${what} ${verb}: ${chatEscape(slackDate(data.startsAt))}. ${open}`,
        };
      }
      case 'scorecard.submitted': {
        const data = event.data as EventData['scorecard.submitted'];
        const stage = data.stage ? ` (${chatEscape(data.stage)})` : '';
        return {
          orderKey,
          // Which interviewer, never what they wrote or recommended: that is read on the page.
          payload: payload({ ...base, scorecard: { interviewer: { name: data.interviewerName }, stage: data.stage } }),
          text: `${chatEscape(data.interviewerName)} submitted a scorecard${stage} for *${who}* (${what}). ${open}`,
        };
      }
      case 'offer.accepted':
      case 'offer.declined': {
        const data = event.data as EventData['offer.accepted'];
        const verb = event.kind === 'offer.accepted' ? 'accepted and signed' : 'declined';
        return {
          orderKey,
          payload: payload({ ...base, offer: { id: data.offerId, version: data.version, url: `${siteUrl}/admin/offers/${data.offerId}` } }),
          text: `*${who}* ${verb} the offer for ${what}. ${open}`,
        };
      }
      case 'reply.received':
        // Who wrote is the candidate; their address and words stay in the workspace.
        return { orderKey, payload: payload(base), text: `*${who}* replied by e-mail about ${what}. ${open}` };
      default:
        return null;
    }
  }
  if (event.contactMessageId) {
    const [row] = await db
      .select({ firstName: contactMessages.firstName, lastName: contactMessages.lastName, reason: contactMessages.reason })
      .from(contactMessages)
      .where(eq(contactMessages.id, event.contactMessageId));
    if (!row) return null;
    const url = `${siteUrl}/admin/messages/${event.contactMessageId}`;
    const name = `${row.firstName} ${row.lastName}`;
    const base = { message: { id: event.contactMessageId, reason: row.reason, url }, sender: { name } };
    const orderKey = `message:${event.contactMessageId}`;
    if (event.kind === 'contact.received')
      return {
        orderKey,
        payload: payload(base),
        text: `New message from *${chatEscape(name)}* (${chatEscape(contactReasonLabel(row.reason))}). ${link(url, 'Open the message')}`,
      };
    if (event.kind === 'reply.received')
      return { orderKey, payload: payload(base), text: `*${chatEscape(name)}* replied by e-mail. ${link(url, 'Open the message')}` };
    return null;
  }
  if (event.bookingId && event.kind.startsWith('meeting.')) {
    const data = event.data as EventData['meeting.booked'];
    const url = `${siteUrl}/admin/meetings`;
    const verb = event.kind.slice('meeting.'.length);
    const guest = `${data.guestName}${data.company ? ` (${data.company})` : ''}`;
    return {
      orderKey: `booking:${event.bookingId}`,
      payload: payload({
        meeting: { id: event.bookingId, startsAt: data.startsAt, by: data.by === 'guest' ? 'guest' : 'staff', url },
        guest: { name: data.guestName, company: data.company },
      }),
      text: `Meeting with *${chatEscape(guest)}* ${verb}: ${chatEscape(slackDate(data.startsAt))}. ${link(url, 'Open the meetings')}`,
    };
  }
  if (event.kind === 'candidate.erased') {
    const data = event.data as EventData['candidate.erased'];
    // Events recorded before bookings were named have none.
    const bookingIds = data.bookingIds ?? [];
    const count = data.applicationIds.length + data.contactMessageIds.length + bookingIds.length;
    return {
      orderKey: `event:${event.id}`,
      payload: payload({
        applications: data.applicationIds.map((id) => ({ id })),
        messages: data.contactMessageIds.map((id) => ({ id })),
        meetings: bookingIds.map((id) => ({ id })),
      }),
      text: `A person’s records were erased (${count === 1 ? '1 record' : `${count} records`}): erase them where you keep copies.`,
    };
  }
  return null;
}

/** A time in UTC, as a channel shows it to people in any zone ("2026-12-03 14:00 UTC"). */
function slackDate(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
