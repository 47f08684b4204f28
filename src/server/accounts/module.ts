import type { ServerModule } from '../runtime-types.ts';
import { createAuth, withdrawUnlistedAdmins } from './auth.ts';
import { createAuthHolder, type SiteAuth } from '../sso/holder.ts';

declare module '../runtime-types.ts' {
  interface Runtime {
    /** Better Auth behind our door (decision 018): sessions, sign-in, two factors; and the company's provider (decision 074). */
    auth: SiteAuth;
  }
}

/** Accounts: an address taken off ADMIN_EMAILS loses the admin role the list gave it (decision 028), then sign-in opens. */
export const accountsModule: ServerModule = {
  name: 'accounts',
  async start({ config, logger, database, jobs, rateLimits }) {
    await withdrawUnlistedAdmins(database.db, config.adminEmails, (data, message) => logger.warn(data, message));
    const auth = await createAuthHolder({
      db: database.db,
      secret: config.authSecret,
      environment: config.sso,
      allow: config.outboundAllow,
      log: (data, message) => logger.info(data, message),
      build: (sso) =>
        createAuth({
          db: database.db,
          jobs,
          rateLimits,
          siteUrl: config.siteUrl,
          secret: config.authSecret,
          secureCookies: config.secureCookies,
          requireEmailVerification: config.requireEmailVerification,
          adminEmails: config.adminEmails,
          log: (data, message) => logger.info(data, message),
          sso,
        }),
    });
    return { services: { auth } };
  },
};
