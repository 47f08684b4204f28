import type { IncomingHttpHeaders } from 'node:http';
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { clientGroupOf } from './ip-prefix.ts';
import { API_REQUESTS_PER_MINUTE } from '../lib/api/tokens.ts';

/**
 * Every rate-limit policy of the site, in one place. Counters live in PostgreSQL (table
 * rate_limits), so a limit holds across app instances and restarts. Keys are per client IP,
 * except the per-account policies, keyed by a lowercased e-mail address or a user id. An IPv6
 * client is counted by its /64 (ip-prefix.ts), whatever address of it a request comes from.
 */
export const rateLimitPolicies = {
  /** Resume and attachment uploads. */
  upload: { points: 10, durationSeconds: 10 * 60 },
  /** Job applications submitted. */
  application: { points: 5, durationSeconds: 60 * 60 },
  /** Requests for new application links ("E-mail me my links"), per client. */
  applicationLinks: { points: 5, durationSeconds: 60 * 60 },
  /** Per address: application-link e-mails sent to one mailbox, whoever asks. */
  applicationLinksAddress: { points: 3, durationSeconds: 60 * 60 },
  /** Contact messages sent. */
  contact: { points: 5, durationSeconds: 60 * 60 },
  /** Meetings booked through Book a Meeting. */
  meeting: { points: 5, durationSeconds: 60 * 60 },
  /** Job alert subscriptions (each sends a confirmation e-mail). */
  jobAlert: { points: 5, durationSeconds: 60 * 60 },
  /** Sign-in attempts (right or wrong): slows password guessing without locking anyone out for long. */
  signIn: { points: 10, durationSeconds: 15 * 60 },
  /** Accounts created. */
  signUp: { points: 5, durationSeconds: 60 * 60 },
  /** Password-reset e-mails requested and reset links used; also caps verification e-mails resent. */
  passwordReset: { points: 5, durationSeconds: 60 * 60 },
  /**
   * Per account (e-mail) and client network (key `network:email`): wrong passwords from one network
   * before sign-in to the account locks there for 15 minutes. It locks before the whole account does.
   */
  signInAddressNetwork: { points: 5, durationSeconds: 15 * 60 },
  /**
   * Per account (e-mail): wrong passwords from anywhere before sign-in locks for 15 minutes. Neither
   * lock holds back a browser the account has signed in from (or reset its password in), and a
   * reset unlocks it: nobody can keep the owner out (src/server/accounts/auth-handler.ts).
   */
  signInAccount: { points: 10, durationSeconds: 15 * 60 },
  /** Per address: reset e-mails sent to one mailbox, whoever asks. */
  passwordResetAddress: { points: 3, durationSeconds: 60 * 60 },
  /** Second-factor codes tried, per client (per account, the factor itself locks: src/server/accounts/auth.ts). */
  twoFactor: { points: 10, durationSeconds: 15 * 60 },
  /** Per account (user id): codes tried from a signed-in session, and password confirmations on the account page. */
  accountSensitive: { points: 10, durationSeconds: 15 * 60 },
  /** Per recipient (a hash of the address), every form together: unsolicited e-mails an hour (src/server/mail/budget.ts). */
  mailRecipientHour: { points: 5, durationSeconds: 60 * 60 },
  /** Per recipient, every form together: unsolicited e-mails a day. */
  mailRecipientDay: { points: 20, durationSeconds: 24 * 60 * 60 },
  /** Per thread (an application, a contact message): mails that came back to its reply addresses and were stored (issue 50). */
  replyThread: { points: 10, durationSeconds: 60 * 60 },
  /** Per sending address: mails that came back from it to any thread and were stored. */
  replySender: { points: 20, durationSeconds: 60 * 60 },
  /** Per API token (issue 55): calls a minute. */
  api: { points: API_REQUESTS_PER_MINUTE, durationSeconds: 60 },
  /** Per recipient: a sign-in to an unverified account re-sends the verification e-mail only when none went this long. */
  verificationResend: { points: 1, durationSeconds: 10 * 60 },
} as const;

export type RateLimitPolicy = keyof typeof rateLimitPolicies;

export type RateLimitDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiters {
  consume(policy: RateLimitPolicy, key: string): Promise<RateLimitDecision>;
  /** Whether `key` has no attempt left now, without counting one. */
  isLimited(policy: RateLimitPolicy, key: string): Promise<{ limited: boolean; retryAfterSeconds: number }>;
  /** Forgets the count of `key` (e.g. a password reset unlocks sign-in). */
  reset(policy: RateLimitPolicy, key: string): Promise<void>;
}

export function createRateLimiters(pool: pg.Pool): RateLimiters {
  const limiters = Object.fromEntries(
    Object.entries(rateLimitPolicies).map(([name, policy]) => [
      name,
      new RateLimiterPostgres({
        storeClient: pool,
        storeType: 'pool',
        tableName: 'rate_limits',
        // The table comes from our migrations; the library must not create it.
        tableCreated: true,
        // Expired counters are deleted every few minutes (an unref'd timer: it never holds the process).
        clearExpiredByTimeout: true,
        keyPrefix: name,
        points: policy.points,
        duration: policy.durationSeconds,
      }),
    ]),
  ) as Record<RateLimitPolicy, RateLimiterPostgres>;

  return {
    async consume(policy, key) {
      try {
        const result = await limiters[policy].consume(clientGroupOf(key));
        return { allowed: true, remaining: result.remainingPoints };
      } catch (rejection) {
        // The library rejects with a RateLimiterRes when the limit is reached, with an Error otherwise.
        if (rejection instanceof RateLimiterRes)
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        throw rejection;
      }
    },
    async isLimited(policy, key) {
      const result = await limiters[policy].get(clientGroupOf(key));
      const limited = result !== null && result.consumedPoints >= rateLimitPolicies[policy].points;
      return { limited, retryAfterSeconds: limited ? Math.max(1, Math.ceil(result.msBeforeNext / 1000)) : 0 };
    },
    async reset(policy, key) {
      await limiters[policy].delete(clientGroupOf(key));
    },
  };
}

/**
 * The client's address for rate limits. X-Forwarded-For is honoured only with TRUST_PROXY, and
 * then its last entry is used: the one our own proxy appended, which a client cannot forge.
 */
export function clientIp(headers: IncomingHttpHeaders | Headers, remoteAddress: string | undefined, trustProxy: boolean): string {
  const forwarded = headers instanceof Headers ? headers.get('x-forwarded-for') : headers['x-forwarded-for'];
  return addressOf(forwarded ?? undefined, { remoteAddress }, trustProxy);
}

/**
 * clientIp's rule for a request of Node's own: the socket asked only when there is no proxy's
 * address (its remoteAddress is a system call), as the analytics do for every view counted.
 */
export function addressOf(
  forwarded: string | string[] | undefined,
  socket: { remoteAddress?: string | undefined },
  trustProxy: boolean,
): string {
  return (trustProxy && proxiedAddress(forwarded)) || socket.remoteAddress || 'unknown';
}

/** The last address of an X-Forwarded-For that is not empty (found from the end: no list made), or undefined. */
function proxiedAddress(forwarded: string | string[] | undefined): string | undefined {
  const value = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
  if (!value) return undefined;
  for (let end = value.length; end > 0;) {
    const comma = value.lastIndexOf(',', end - 1);
    const last = value.slice(comma + 1, end).trim();
    if (last) return last;
    end = comma;
  }
  return undefined;
}
