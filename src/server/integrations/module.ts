import type { Runtime, ServerModule } from '../runtime-types.ts';
import {
  deliverDue,
  deliveriesOfEvent,
  deliverQueue,
  DELIVER_INTEGRATIONS,
  SWEEP_INTEGRATIONS,
  sweepIntegrations,
  type DeliveryDeps,
} from './deliver.ts';

export function deliveryDeps(runtime: Pick<Runtime, 'database' | 'config' | 'logger'>): DeliveryDeps {
  return {
    db: runtime.database.db,
    siteUrl: runtime.config.siteUrl,
    secret: runtime.config.authSecret,
    allow: runtime.config.outboundAllow,
    retrySeconds: runtime.config.webhookRetrySeconds,
    log: (data, message) => runtime.logger.info(data, message),
  };
}

/**
 * Integrations (issue 55): a reader of the record of domain events that makes the deliveries; the
 * job that sends an integration's due deliveries; the sweep every minute that wakes what a lost job
 * left, and clears the delivery log.
 */
export const integrationsModule: ServerModule = {
  name: 'integrations',
  queues: [deliverQueue, { name: SWEEP_INTEGRATIONS, options: { policy: 'short', retryLimit: 1, retryDelay: 30 }, schedule: '* * * * *' }],
  start(runtime) {
    const deps = deliveryDeps(runtime);
    return {
      eventConsumers: [{ name: 'integrations', handle: (event, jobs) => deliveriesOfEvent(deps, event, jobs).then(() => undefined) }],
      workers: [
        {
          queue: DELIVER_INTEGRATIONS,
          // Four integrations at once on each instance: a receiver that times out delays only its own.
          localConcurrency: 4,
          run: (job, jobs) => deliverDue(deps, (job.data as { endpointId: string }).endpointId, jobs).then(() => undefined),
        },
        { queue: SWEEP_INTEGRATIONS, run: (_job, jobs) => sweepIntegrations(deps, jobs).then(() => undefined) },
      ],
    };
  },
};
