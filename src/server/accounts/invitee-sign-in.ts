import { eq } from 'drizzle-orm';
import { recordSignIn, readDeviceCookie } from './devices.ts';
import { hashSessionToken } from './session-tokens.ts';
import { sessions } from '../db/schema.ts';
import { authHintCookie } from './session.ts';
import type { Runtime } from '../runtime.ts';
import { clientIp } from '../rate-limit.ts';
import { isStaff } from '../access/permissions.ts';
import type { Role } from '../../lib/accounts/roles.ts';
import { invitationTexts } from '../../lib/accounts/texts.ts';
import { flashCookie } from '../../lib/flash.ts';

/**
 * A newly accepted invitation signs its person in (the link proved the address): a password
 * session, aal1, so an invited admin sets up a second factor before the admin area opens.
 */
export async function signInInvitee(
  runtime: Runtime,
  request: Request,
  socketAddress: string | undefined,
  email: string,
  password: string,
): Promise<string[]> {
  const { headers, response } = await runtime.auth.api.signInEmail({
    body: { email, password },
    headers: request.headers,
    returnHeaders: true,
  });
  const user = response.user as { id: string; role?: string };
  const secure = runtime.config.secureCookies;
  const ip = clientIp(request.headers, socketAddress, runtime.config.trustProxy);
  await runtime.database.db
    .update(sessions)
    .set({ ipAddress: ip })
    .where(eq(sessions.token, hashSessionToken(response.token)));
  const deviceCookie = await recordSignIn(
    { db: runtime.database.db, jobs: runtime.jobs, siteUrl: runtime.config.siteUrl, secureCookies: secure },
    {
      userId: user.id,
      deviceId: readDeviceCookie(request.headers.get('cookie')),
      userAgent: request.headers.get('user-agent'),
      ip,
      notify: false,
    },
  );
  return [
    ...headers.getSetCookie(),
    ...(deviceCookie ? [deviceCookie] : []),
    authHintCookie({ isStaff: isStaff(user.role as Role) }, secure),
    flashCookie([invitationTexts.accepted], secure),
  ];
}
