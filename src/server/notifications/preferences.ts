import { eq } from 'drizzle-orm';
import { can, type Who } from '../access/permissions.ts';
import type { Database } from '../db/client.ts';
import { notificationPreferences } from '../db/schema.ts';
import type { Permission } from '../access/rules.ts';
import { choiceFor, DEFAULT_DIGEST_HOUR, noticeTopics, type EmailChoice, type NoticeTopic } from '../../lib/notifications/kinds.ts';
import type { PreferencesInput } from '../../lib/notifications/preferences.ts';
import { zonesOf } from './notices.ts';

/**
 * One's own notification choices (issue 51): the topics a role can be told of (asked of the
 * permission module), each at once, in the daily digest or not by e-mail (the role's default until
 * chosen), and the digest's hour in one's zone (that of one's availability).
 */

/** What a person must hold (any of) to be told of a topic. */
const topicPermissions: Record<NoticeTopic, readonly Permission[]> = {
  applications: ['applications.read'],
  replies: ['applications.history', 'messages.handle'],
  // Those who read an application's interviews; an interviewer's own come as calendar e-mails.
  interviews: ['applications.history'],
  scorecards: ['applications.notes'],
  'scorecards-due': ['applications.review'],
  mentions: ['applications.read'],
  // A meeting's host is e-mailed its calendar invitation (booked, moved, cancelled): no e-mail to choose.
  meetings: [],
  rejections: ['applications.history'],
  // Whoever sets their own availability connects their own calendars there.
  calendars: ['schedule.own'],
  offers: ['offers.read'],
  integrations: ['integrations.manage'],
  accounts: ['users.manage'],
};

export function topicsFor(who: Pick<Who, 'role'>): NoticeTopic[] {
  return noticeTopics.filter((topic) => topicPermissions[topic].some((permission) => can(who, permission)));
}

export async function loadPreferences(db: Database, who: Who) {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, who.id));
  const topics = topicsFor(who);
  const chosen = row?.choices ?? {};
  return {
    topics: topics.map((topic) => ({ topic, choice: choiceFor(who.role, chosen, topic) as EmailChoice })),
    digestHour: row?.digestHour ?? DEFAULT_DIGEST_HOUR,
    zone: (await zonesOf(db, [who.id])).get(who.id)!,
  };
}

/** Saves one's choices (only the topics one can be told of). */
export async function savePreferences(db: Database, who: Who, input: PreferencesInput): Promise<void> {
  const topics = new Set(topicsFor(who));
  const choices = Object.fromEntries(Object.entries(input.choices).filter(([topic]) => topics.has(topic as NoticeTopic)));
  await db
    .insert(notificationPreferences)
    .values({ userId: who.id, choices, digestHour: input.digestHour })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { choices, digestHour: input.digestHour, updatedAt: new Date() } });
}
