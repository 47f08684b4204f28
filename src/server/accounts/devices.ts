import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { knownDevices, users } from '../db/schema.ts';
import type { Jobs } from '../jobs/queue.ts';
import { newSignIn } from '../mail/templates.ts';
import { DEVICE_COOKIE } from '../../lib/accounts/device-cookie.ts';
import { describeUserAgent } from '../../lib/accounts/user-agent.ts';
import { formatDateTime } from '../../lib/format.ts';
import { automatic } from '../mail/headers.ts';

/**
 * Browsers an account has signed in from. Each browser keeps a random id in an HttpOnly cookie
 * (stored here hashed); a sign-in from a browser the account has not used before e-mails the
 * owner, through the mail queue, with the time, the browser and the IP address.
 */

export { DEVICE_COOKIE };
const DEVICE_COOKIE_MAX_AGE = 400 * 24 * 60 * 60;

export interface DeviceDeps {
  db: Database;
  jobs: Pick<Jobs, 'enqueueEmail'>;
  siteUrl: string;
  secureCookies: boolean;
}

export interface SignInFacts {
  userId: string;
  /** The device cookie the browser sent, if any. */
  deviceId: string | undefined;
  userAgent: string | null;
  ip: string;
  /** False for sign-ins that prove the mailbox already (following an e-mailed link). */
  notify: boolean;
  now?: Date;
}

const hash = (deviceId: string) => createHash('sha256').update(deviceId).digest('base64url');

export function readDeviceCookie(cookieHeader: string | null): string | undefined {
  const value = (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${DEVICE_COOKIE}=`))
    ?.slice(DEVICE_COOKIE.length + 1);
  return value && /^[A-Za-z0-9_-]{20,64}$/.test(value) ? value : undefined;
}

/** Records the sign-in; e-mails the owner when the browser is new to the account. Returns a Set-Cookie for a new device id. */
export async function recordSignIn(deps: DeviceDeps, facts: SignInFacts): Promise<string | null> {
  const now = facts.now ?? new Date();
  const deviceId = facts.deviceId ?? randomBytes(24).toString('base64url');
  const inserted = await deps.db
    .insert(knownDevices)
    .values({
      userId: facts.userId,
      deviceHash: hash(deviceId),
      userAgent: facts.userAgent?.slice(0, 500) ?? null,
      firstSeenAt: now,
      lastSeenAt: now,
    })
    .onConflictDoUpdate({ target: [knownDevices.userId, knownDevices.deviceHash], set: { lastSeenAt: now } })
    // xmax = 0: the row was inserted now, not updated (PostgreSQL's way of telling the two apart).
    .returning({ isNew: sql<boolean>`xmax = 0` });
  const isNew = inserted[0]?.isNew === true;
  if (isNew && facts.notify) {
    const [user] = await deps.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, facts.userId));
    if (user) {
      await deps.jobs.enqueueEmail({
        to: user.email,
        ...newSignIn({
          name: user.name,
          time: formatDateTime(now),
          browser: describeUserAgent(facts.userAgent),
          ip: facts.ip,
          accountUrl: `${deps.siteUrl}/account`,
        }),
        headers: automatic,
      });
    }
  }
  if (facts.deviceId) return null;
  return `${DEVICE_COOKIE}=${deviceId}; Path=/; Max-Age=${DEVICE_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${deps.secureCookies ? '; Secure' : ''}`;
}

/**
 * Whether this browser has signed in to the account with this address before (or reset its
 * password from here): such a browser is not held back by the sign-in locks of the address.
 */
export async function isKnownDevice(db: Database, email: string, deviceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .innerJoin(users, eq(users.id, knownDevices.userId))
    .where(and(eq(users.email, email), eq(knownDevices.deviceHash, hash(deviceId))));
  return Boolean(row);
}

/** How many browsers the account has used (for tests and the account page). */
export async function countKnownDevices(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId));
  return row?.count ?? 0;
}
