import { z } from 'zod/mini';
import type { EventKind } from '../events/kinds.ts';

/**
 * The company's other tools (issue 55): a webhook (signed JSON to an HR system, a spreadsheet's
 * connector, a BI tool) or a chat channel (a Slack-compatible incoming webhook: Slack, Mattermost,
 * Rocket.Chat, Teams' workflows). Both hear of the same events, read from the one record of domain
 * events (src/lib/events/kinds.ts); an integration chooses which.
 */

export const integrationKinds = ['webhook', 'chat'] as const;
export type IntegrationKind = (typeof integrationKinds)[number];

export const integrationKindLabels: Record<IntegrationKind, string> = { webhook: 'Webhook', chat: 'Chat channel' };

/** The events published to integrations, in the order the form lists them: a subset of the record's kinds. */
export const publishedEvents = [
  { kind: 'application.received', label: 'Application received' },
  { kind: 'application.status_changed', label: 'Application status changed' },
  { kind: 'interview.booked', label: 'Interview booked' },
  { kind: 'interview.moved', label: 'Interview moved' },
  { kind: 'interview.cancelled', label: 'Interview cancelled' },
  { kind: 'scorecard.submitted', label: 'Scorecard submitted' },
  { kind: 'offer.accepted', label: 'Offer accepted' },
  { kind: 'offer.declined', label: 'Offer declined' },
  { kind: 'reply.received', label: 'Reply received by e-mail' },
  { kind: 'contact.received', label: 'Contact message received' },
  { kind: 'meeting.booked', label: 'Meeting booked' },
  { kind: 'meeting.moved', label: 'Meeting moved' },
  { kind: 'meeting.cancelled', label: 'Meeting cancelled' },
  { kind: 'candidate.erased', label: 'Candidate erased' },
] as const satisfies ReadonlyArray<{ kind: EventKind; label: string }>;

export type PublishedKind = (typeof publishedEvents)[number]['kind'];
export const publishedKinds = publishedEvents.map((event) => event.kind) as PublishedKind[];
export const isPublished = (kind: EventKind): kind is PublishedKind => (publishedKinds as readonly EventKind[]).includes(kind);

/**
 * When a failed delivery is tried again, after its first try: the Standard Webhooks schedule
 * (5 seconds, 5 minutes, 30 minutes, 2, 5, 10 and 10 hours: about a day). After the last, the
 * delivery has failed; an integration none of whose deliveries arrived in that time is switched off.
 * WEBHOOK_RETRY_SECONDS replaces it (drills and tests).
 */
export const DEFAULT_RETRY_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;

/** The most of an answer kept in the delivery log. */
export const ANSWER_KEPT_BYTES = 1024;
/** A receiver answers within this, or the try failed. */
export const DELIVERY_TIMEOUT_MS = 15_000;
/** How long the delivery log keeps a delivery. */
export const DELIVERY_LOG_DAYS = 30;

export const integrationTexts = {
  name: 'Name',
  nameHint: 'What it is for, such as “HR system” or “#hiring channel”.',
  url: 'URL',
  urlHintWebhook: 'Where the events are sent, with HTTPS: each one is a POST of JSON, signed with the secret.',
  urlHintChat: 'The channel’s incoming webhook URL (Slack, Mattermost, Rocket.Chat, or a Teams workflow).',
  urlKept: (host: string) => `Kept, and not shown (to ${host}): enter a new one to change it.`,
  events: 'Events',
  eventsHint: 'What it is told of.',
} as const;

const nameSchema = z
  .string()
  .check(z.trim(), z.minLength(2, 'Name: write at least 2 characters.'), z.maxLength(100, 'Name: write at most 100 characters.'));

/** A URL the form accepts: http(s) only, no credentials in it; the address itself is checked when it is used. */
export const integrationUrlSchema = z.string().check(
  z.trim(),
  z.minLength(1, 'URL: enter the address to send to.'),
  z.maxLength(2000, 'URL: write at most 2,000 characters.'),
  z.refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'URL: enter a web address that starts with https://.'),
  z.refine((value) => {
    try {
      const url = new URL(value);
      return !url.username && !url.password;
    } catch {
      return true;
    }
  }, 'URL: leave the user name and password out of the address.'),
);

/**
 * Adding or changing an integration: its id when it is kept already. A kept one's URL is never sent
 * back to the browser (a chat channel's URL is its password): left empty, it stays as it is.
 */
export const integrationSchema = z
  .object({
    id: z.optional(z.uuid()),
    kind: z.enum(integrationKinds),
    name: nameSchema,
    url: z.union([z.literal(''), integrationUrlSchema]),
    events: z.array(z.enum(publishedKinds as [PublishedKind, ...PublishedKind[]])).check(
      z.minLength(1, 'Events: choose at least one.'),
      z.refine((events) => new Set(events).size === events.length, 'Events: choose each once.'),
    ),
  })
  .check(z.refine((input) => Boolean(input.id || input.url), { message: 'URL: enter the address to send to.', path: ['url'] }));
export type IntegrationInput = z.output<typeof integrationSchema>;

export const integrationIdSchema = z.strictObject({ id: z.uuid() });
export const integrationEnabledSchema = z.strictObject({ id: z.uuid(), enabled: z.boolean() });
export const redeliverSchema = z.strictObject({ deliveryId: z.string().check(z.regex(/^msg_[0-9a-z]{20,40}$/)) });

export const deliveryStates = ['pending', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof deliveryStates)[number];
export const deliveryStateLabels: Record<DeliveryState, string> = { pending: 'Waiting', delivered: 'Delivered', failed: 'Failed' };
