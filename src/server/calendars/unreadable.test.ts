import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calendarSources, domainEvents, notifications } from '../db/schema';
import { clearQueuedMails, deliverEvents, queuedMailsTo, startTestBackend, type TestBackend } from '../testing/backend';
import { addUser } from '../testing/fixtures';
import { listNotifications, openNotification } from '../notifications/list';
import { loadPreferences, savePreferences } from '../notifications/preferences';
import { defaultChoices } from '../../lib/notifications/kinds';
import { whenLabel } from '../../lib/scheduling/format';
import { UNREADABLE_AFTER_MINUTES } from './sources';
import { tellUnreadableCalendars } from './unreadable';

/*
 * A person told that a calendar of theirs cannot be read (issue 53), against a real PostgreSQL and
 * job queue, through the record of events and its dispatcher as the server hands them: its owner,
 * and only them, once per failure; with the words and the link of Your availability, e-mailed as
 * they chose (at once by default).
 */

let backend: TestBackend;
type Person = Awaited<ReturnType<typeof addUser>>;
let rita: Person; // recruiter, her calendar fails
let sam: Person; // sales, another staff member with a calendar of his own
let ada: Person; // admin, sees everything but is never told of another's calendar
let cora: Person; // not staff (role 'user')

const MINUTE = 60_000;
const db = () => backend.database.db;

beforeAll(async () => {
  backend = await startTestBackend();
  [rita, sam, ada, cora] = await Promise.all([
    addUser(db(), 'rita', 'recruiter'),
    addUser(db(), 'sam', 'sales'),
    addUser(db(), 'ada', 'admin'),
    addUser(db(), 'cora', 'user'),
  ]);
}, 120_000);

afterAll(async () => {
  await backend?.stop();
}, 60_000);

beforeEach(async () => {
  await db().delete(calendarSources);
  await deliverEvents(backend);
  await db().delete(notifications);
  await db().delete(domainEvents);
  await backend.database.pool.query(`delete from pgboss.job where name = 'notice-mails'`);
  await backend.database.pool.query('delete from notification_preferences');
  await clearQueuedMails(backend);
});

/** A calendar of one's own as its reads left it: when it was connected, last read, and what failed. */
async function calendarOf(
  person: Person,
  {
    label,
    createdAt,
    readAt,
    error = null,
    readsBusy = true,
  }: { label: string; createdAt: Date; readAt: Date | null; error?: string | null; readsBusy?: boolean },
) {
  const [row] = await db()
    .insert(calendarSources)
    .values({
      userId: person.id,
      label,
      linkSealed: 'sealed',
      linkHash: crypto.randomUUID(),
      createdAt,
      readAt,
      error,
      errorAt: error ? readAt : null,
      readsBusy,
    })
    .returning({ id: calendarSources.id });
  return row!.id;
}

const toldOf = async (person: Person) => (await listNotifications(db(), person)).rows;
const mailsTo = (person: Person) => queuedMailsTo(backend, person.email);

describe('a calendar not read for an hour', () => {
  it('tells its owner once, in words naming it, linking to Your availability, e-mailed at once', async () => {
    const now = new Date();
    const lastRead = new Date(now.getTime() - (UNREADABLE_AFTER_MINUTES + 1) * MINUTE);
    const id = await calendarOf(rita, {
      label: 'calendar.google.com',
      createdAt: new Date(now.getTime() - 3 * 86_400_000),
      readAt: lastRead,
      error: 'The link answered 500.',
    });
    // Sam's own calendar was read just now: nothing to tell him.
    await calendarOf(sam, { label: 'outlook.office365.com', createdAt: lastRead, readAt: now });

    expect(await tellUnreadableCalendars(db(), now)).toBe(1);
    expect(await deliverEvents(backend, now)).toBe(1);

    const { rows, zone } = await listNotifications(db(), rita);
    expect(rows.map(({ line, about, path }) => ({ line, about, path }))).toEqual([
      {
        line: `Your calendar “calendar.google.com” has not been read since ${whenLabel(lastRead, zone)}: The link answered 500. Until it is, nobody can book you.`,
        about: 'your calendars',
        path: '/account/availability#your-calendars',
      },
    ]);
    expect(await openNotification(db(), rita.id, rows[0]!.id)).toBe('/account/availability#your-calendars');
    const [row] = await db().select().from(notifications).where(eq(notifications.userId, rita.id));
    expect(row).toMatchObject({ kind: 'calendar.unreadable', thread: 'calendars:rita', reason: 'owner', email: 'sent' });

    // At once (every role's default): one e-mail, its own words, its link, and why it came.
    const mails = await mailsTo(rita);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your calendar “calendar.google.com” cannot be read']);
    expect(mails[0]!.text).toContain('Until it is, nobody can book you.');
    expect(mails[0]!.text).toContain('https://www.helixpoint.test/account/availability#your-calendars');
    expect(mails[0]!.text).toContain('this is your own calendar');
    expect(mails[0]!.headers).toEqual({ 'Auto-Submitted': 'auto-generated' });

    // Marked told; the next runs (every five minutes) tell nobody again.
    const [source] = await db().select().from(calendarSources).where(eq(calendarSources.id, id));
    expect(source!.unreadableToldAt).toEqual(now);
    const later = new Date(now.getTime() + 5 * MINUTE);
    expect(await tellUnreadableCalendars(db(), later)).toBe(0);
    expect(await deliverEvents(backend, later)).toBe(0);
    expect(await toldOf(rita)).toHaveLength(1);
    expect(await mailsTo(rita)).toHaveLength(1);

    // Nobody else is told of it: another staff member, an admin.
    for (const person of [sam, ada]) {
      expect(await toldOf(person)).toEqual([]);
      expect(await mailsTo(person)).toEqual([]);
    }
  });

  it('tells again once it was read and failed anew (a read that works clears the mark)', async () => {
    const now = new Date();
    const id = await calendarOf(rita, {
      label: 'calendar.google.com',
      createdAt: new Date(now.getTime() - 86_400_000),
      readAt: new Date(now.getTime() - 2 * UNREADABLE_AFTER_MINUTES * MINUTE),
    });
    expect(await tellUnreadableCalendars(db(), now)).toBe(1);
    // What a read that works does (sources.ts), then an hour and more of failures again.
    const later = new Date(now.getTime() + 3 * UNREADABLE_AFTER_MINUTES * MINUTE);
    await db()
      .update(calendarSources)
      .set({ readAt: new Date(now.getTime() + MINUTE), unreadableToldAt: null })
      .where(eq(calendarSources.id, id));
    expect(await tellUnreadableCalendars(db(), later)).toBe(1);
    await deliverEvents(backend, later);
    expect(await toldOf(rita)).toHaveLength(2);
  });

  it('is told of by one instance of a fleet, however many run at once', async () => {
    const now = new Date();
    for (const label of ['a.example.com', 'b.example.com', 'c.example.com'])
      await calendarOf(rita, { label, createdAt: new Date(now.getTime() - 86_400_000), readAt: new Date(now.getTime() - 2 * 3_600_000) });
    const told = await Promise.all([
      tellUnreadableCalendars(db(), now),
      tellUnreadableCalendars(db(), now),
      tellUnreadableCalendars(db(), now),
    ]);
    expect(told.reduce((sum, n) => sum + n, 0)).toBe(3);
    const [{ events }] = (
      await db().execute<{ events: number }>(sql`select count(*)::int as events from domain_events where kind = 'calendar.unreadable'`)
    ).rows as [{ events: number }];
    expect(events).toBe(3);
    // Her calendars are one thread: the first e-mail at once, the others gathered at the window's end.
    await deliverEvents(backend, now);
    expect(await toldOf(rita)).toHaveLength(3);
    expect(await mailsTo(rita)).toHaveLength(1);
  });

  it('never read since it was connected: since its connection, in plain words when no error was recorded', async () => {
    const now = new Date();
    const connected = new Date(now.getTime() - 2 * 3_600_000);
    await calendarOf(rita, { label: 'Work', createdAt: connected, readAt: null });
    expect(await tellUnreadableCalendars(db(), now)).toBe(1);
    await deliverEvents(backend, now);
    const { rows, zone } = await listNotifications(db(), rita);
    expect(rows.map((row) => row.line)).toEqual([
      `Your calendar “Work” has not been read since ${whenLabel(connected, zone)}. Until it is, nobody can book you.`,
    ]);
  });
});

describe('nobody is told', () => {
  it('of a calendar read half an hour ago, or one that does not count for busy times', async () => {
    const now = new Date();
    const created = new Date(now.getTime() - 86_400_000);
    await calendarOf(rita, { label: 'recent.example.com', createdAt: created, readAt: new Date(now.getTime() - 30 * MINUTE) });
    await calendarOf(rita, {
      label: 'not-picked.example.com',
      createdAt: created,
      readAt: new Date(now.getTime() - (UNREADABLE_AFTER_MINUTES + 1) * MINUTE),
      readsBusy: false,
    });
    expect(await tellUnreadableCalendars(db(), now)).toBe(0);
    expect(await deliverEvents(backend, now)).toBe(0);
    expect(await toldOf(rita)).toEqual([]);
    expect(await mailsTo(rita)).toEqual([]);
  });

  it('whose owner is not on the staff; and no e-mail to one who chose none (still in their list)', async () => {
    const now = new Date();
    const old = { createdAt: new Date(now.getTime() - 86_400_000), readAt: new Date(now.getTime() - 2 * 3_600_000) };
    await calendarOf(cora, { label: 'cora.example.com', ...old });
    await calendarOf(rita, { label: 'rita.example.com', ...old });
    await savePreferences(db(), { id: rita.id, role: 'recruiter' }, { choices: { calendars: 'off' }, digestHour: 8 });
    expect(await tellUnreadableCalendars(db(), now)).toBe(2);
    await deliverEvents(backend, now);
    expect(await db().select().from(notifications).where(eq(notifications.userId, cora.id))).toEqual([]);
    expect(await mailsTo(cora)).toEqual([]);
    expect((await toldOf(rita)).map((row) => row.line)).toEqual([expect.stringContaining('“rita.example.com”')]);
    expect(await mailsTo(rita)).toEqual([]);
  });
});

describe('the topic', () => {
  it('is at once by default for every role, and offered to whoever connects calendars', async () => {
    for (const choices of Object.values(defaultChoices)) expect(choices.calendars).toBe('now');
    const prefs = await loadPreferences(db(), { id: sam.id, role: 'sales' });
    expect(prefs.topics).toContainEqual({ topic: 'calendars', choice: 'now' });
    const editor = await loadPreferences(db(), { id: 'ed', role: 'editor' });
    expect(editor.topics.map((topic) => topic.topic)).not.toContain('calendars');
  });
});
