import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, users } from '../db/schema';
import { clearQueuedMails, queuedMailsTo, startTestBackend, TEST_SECRET, type TestBackend } from '../testing/backend';
import { addUser } from '../testing/fixtures';
import { bookingMessages, findBookingByToken, MAX_MOVES, meetingTimes } from './bookings';
import { cancelByGuest, meetingDeps, moveBooking, requestMeeting, type MeetingDeps } from './meetings';
import { sendBookingReminders } from './reminders';
import { recipientKey as mailKey } from '../mail/budget';
import { lineBreaksMessage, controlCharactersMessage } from '@/lib/text';

/*
 * Book a Meeting is no mail cannon (issue 50): a stranger's address booked and moved gets no more
 * than its mail budget, a booking moves a few times at most, an address holds a few meetings to
 * come, and no field carries a line break or an invisible character into the hosts' e-mails.
 */

let backend: TestBackend;
let deps: MeetingDeps;
// Sunday noon in Chicago: with 24 hours' notice, Monday noon is the first time offered.
const now = new Date('2026-11-29T18:00:00Z');
const STRANGER = 'stranger@victim.test';

beforeAll(async () => {
  backend = await startTestBackend({ mail: { from: 'Helixpoint <hello@helixpoint.test>' } });
  deps = { ...meetingDeps(backend.runtime), organizer: { name: 'Helixpoint', email: 'hello@helixpoint.test' }, secret: TEST_SECRET };
}, 120_000);

afterAll(async () => {
  await backend?.stop();
}, 60_000);

beforeEach(async () => {
  await backend.database.db.delete(bookings);
  await backend.database.db.delete(users);
  await backend.database.pool.query('delete from rate_limits');
  await clearQueuedMails(backend);
  await addUser(backend.database.db, 'sally', 'sales');
});

const form = (fields: Record<string, string>, start: Date) => ({
  name: 'Sam Stranger',
  email: STRANGER,
  company: '',
  topic: '',
  start: start.toISOString(),
  time_zone: 'America/Chicago',
  company_website: '',
  ...fields,
});

async function book(fields: Record<string, string> = {}, client = `198.51.100.${Math.floor(Math.random() * 200) + 1}`) {
  const times = await meetingTimes(backend.database.db, now);
  return requestMeeting(deps, form(fields, times[0]!.start), client, now);
}

describe('the e-mails of one meeting', () => {
  it('one booking and twenty moves: the moves stop at three, and the guest gets no more than the budget’s five an hour', async () => {
    const booked = await book();
    if (booked.kind !== 'booked' || !booked.token) throw new Error('not booked');
    const times = await meetingTimes(backend.database.db, now);
    const refusals: string[] = [];
    for (let move = 0; move < 20; move += 1) {
      const found = (await findBookingByToken(backend.database.db, booked.token))!;
      const result = await moveBooking(deps, found, booked.token, times[(move % 10) + 1]!.start, now);
      if (result.kind === 'refused') refusals.push(result.message);
    }
    expect(refusals).toHaveLength(20 - MAX_MOVES);
    expect(new Set(refusals)).toEqual(new Set([bookingMessages.tooManyMoves]));
    const found = (await findBookingByToken(backend.database.db, booked.token))!;
    await cancelByGuest(deps, found, booked.token, now);

    // Booked, three moves, cancelled: five e-mails to the guest, the hour's budget; the hosts got as many.
    expect(await queuedMailsTo(backend, STRANGER)).toHaveLength(5);
    expect(await queuedMailsTo(backend, 'sally@helixpoint.test')).toHaveLength(5);
  });

  it('the reminder spends the budget too: a guest whose budget is spent gets none', async () => {
    const booked = await book();
    if (booked.kind !== 'booked') throw new Error('not booked');
    // Four more e-mails to the address from other forms this hour.
    for (let index = 0; index < 4; index += 1) await backend.rateLimits.consume('mailRecipientHour', mailKey(STRANGER));
    await clearQueuedMails(backend);
    const [row] = await backend.database.db.select().from(bookings);
    expect(
      await sendBookingReminders(
        { ...deps, rateLimits: backend.rateLimits, secret: TEST_SECRET },
        new Date(row!.startsAt.getTime() - 23 * 3_600_000),
      ),
    ).toBe(1);
    expect(await queuedMailsTo(backend, STRANGER)).toEqual([]);
    expect(await queuedMailsTo(backend, 'sally@helixpoint.test')).toHaveLength(1);
  });

  it('an address holds three meetings to come: the fourth is refused, said at the address', async () => {
    for (let index = 0; index < 3; index += 1) expect((await book()).kind).toBe('booked');
    expect(await book()).toEqual({ kind: 'refused', fieldErrors: { email: bookingMessages.tooManyBookings } });
    expect(await book({ email: 'someone.else@mail.test' })).toMatchObject({ kind: 'booked' });
  });
});

describe('what a booking’s fields may hold', () => {
  it('refuses a name or company with a line break or a control character, and a topic with an invisible one', async () => {
    expect(await book({ name: 'Sam\r\nApproved: yes' })).toMatchObject({ kind: 'refused', fieldErrors: { name: lineBreaksMessage } });
    expect(await book({ name: 'Sam\u0007' })).toMatchObject({ kind: 'refused', fieldErrors: { name: lineBreaksMessage } });
    expect(await book({ company: 'Acme\nInc' })).toMatchObject({ kind: 'refused', fieldErrors: { company: lineBreaksMessage } });
    expect(await book({ topic: 'Cloud\u001b[31m' })).toMatchObject({ kind: 'refused', fieldErrors: { topic: controlCharactersMessage } });
    expect(await backend.database.db.select().from(bookings)).toEqual([]);
    // A topic of several lines is text: shown to the host as a quote, under its label.
    expect(await book({ topic: 'Our cloud bill\nand our backups' })).toMatchObject({ kind: 'booked' });
    const [host] = await queuedMailsTo(backend, 'sally@helixpoint.test');
    expect(host!.text).toContain('Topic');
    // The hosts' notice is no person's: no auto-responder answers it.
    expect(host!.headers).toEqual({ 'Auto-Submitted': 'auto-generated' });
  });
});
