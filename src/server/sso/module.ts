import type { Runtime, ServerModule } from '../runtime-types.ts';
import { recheckSsoSessions, type SsoSessionDeps } from './sessions.ts';
import { withBackchannelLogout } from './backchannel-route.ts';

export const RECHECK_SSO_SESSIONS = 'recheck-sso-sessions';

export function ssoSessionDeps(runtime: Pick<Runtime, 'database' | 'auth' | 'logger'>): SsoSessionDeps {
  return { db: runtime.database.db, auth: runtime.auth, log: (data, message) => runtime.logger.info(data, message) };
}

/**
 * Single sign-on (issue 56): every minute, the people whose tokens are due are asked after at the
 * provider; those it no longer knows lose the sessions it began (sso/sessions.ts). And the
 * provider's back-channel logout, answered before the site (sso/backchannel-route.ts).
 */
export const ssoModule: ServerModule = {
  name: 'sso',
  // One run at a time across a fleet: two runs refreshing one token would make a rotating provider refuse the second.
  queues: [{ name: RECHECK_SSO_SESSIONS, options: { policy: 'singleton', retryLimit: 1, retryDelay: 30 }, schedule: '* * * * *' }],
  start(runtime) {
    const deps = ssoSessionDeps(runtime);
    return {
      workers: [{ queue: RECHECK_SSO_SESSIONS, run: () => recheckSsoSessions(deps).then(() => undefined) }],
      wrapHandler: (handler) => withBackchannelLogout(handler, deps),
    };
  },
};
