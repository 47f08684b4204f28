import { accountsModule } from './accounts/module.ts';
import { analyticsModule } from './analytics/module.ts';
import { alertsModule } from './alerts/module.ts';
import { applicationsModule } from './applications/module.ts';
import { calendarsModule } from './calendars/module.ts';
import { candidatesModule } from './candidates/module.ts';
import { insightsModule } from './insights/module.ts';
import { integrationsModule } from './integrations/module.ts';
import type { AppConfig } from './config.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Logger } from './logger.ts';
import { mediaModule } from './media/module.ts';
import { notificationsModule } from './notifications/module.ts';
import { offersModule } from './offers/module.ts';
import { positionsModule } from './positions/module.ts';
import { postsModule } from './posts/module.ts';
import { privacyModule } from './privacy/module.ts';
import { repliesModule } from './replies/module.ts';
import { resumesModule } from './resumes/module.ts';
import { schedulingModule } from './scheduling/module.ts';
import { ssoModule } from './sso/module.ts';
import { scorecardsModule } from './scorecards/module.ts';
import { startServer, type ServerModule, type StartedServer } from './runtime.ts';
import { uploadsModule } from './uploads/module.ts';

/**
 * The one place where the server is composed (decision 038): each domain that starts something
 * (a service, a job, a hook into the HTTP server) has a module, listed here in the order they
 * start. The platform (runtime, job queue, HTTP server) imports none of them. A new domain with a
 * job adds its module here and nowhere else.
 */
export const serverModules: readonly ServerModule[] = [
  positionsModule,
  applicationsModule,
  accountsModule,
  uploadsModule,
  resumesModule,
  privacyModule,
  alertsModule,
  insightsModule,
  analyticsModule,
  schedulingModule,
  calendarsModule,
  scorecardsModule,
  candidatesModule,
  mediaModule,
  postsModule,
  repliesModule,
  notificationsModule,
  offersModule,
  integrationsModule,
  ssoModule,
];

/** Every domain's queue: a backup carries their jobs, a restore creates them first. */
export const jobQueues: readonly JobQueue[] = serverModules.flatMap((module) => module.queues ?? []);

/** The server as `npm start`, `astro dev` and the drills run it. */
export function startApp(config: AppConfig, logger: Logger): Promise<StartedServer> {
  return startServer(config, logger, serverModules);
}
