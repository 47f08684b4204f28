import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AdminRuleError } from '../admin-command';
import { changeStatus } from '../applications/review';
import { applications, domainEvents, integrationAttempts, integrationDeliveries, integrationEndpoints, notifications } from '../db/schema';
import { recordEvent, type StoredEvent } from '../events/record';
import { startJobs, type Jobs } from '../jobs/queue';
import { parseAllowList } from '../outbound/guarded-fetch';
import { recipientsOf } from '../notifications/recipients';
import { deliverEvents, startTestBackend, TEST_SECRET, type TestBackend } from '../testing/backend';
import { addApplication, addPosition, addUser } from '../testing/fixtures';
import { serveForTest, type TestServer } from '../testing/http';
import { INTEGRATION_URL_SEAL, redeliver, saveIntegration, setIntegrationEnabled, type IntegrationDeps } from './endpoints';
import { deliverDue, deliveriesOfEvent, deliverQueue, DELIVER_INTEGRATIONS, sweepIntegrations, type DeliveryDeps } from './deliver';
import { sealText } from '../mail/sealed';
import { erasePerson } from '../privacy/requests';

/*
 * Webhooks and chat channels (issue 55) against a real PostgreSQL, job queue and HTTP receivers
 * started here: signed as Standard Webhooks says (verified with the same library), tried again in
 * order until they arrive, across a restart of the workers; refused for private and metadata
 * addresses; switched off when they kept failing; an erased person's deliveries gone with them.
 */

let backend: TestBackend;
let receiver: TestServer;
type Person = Awaited<ReturnType<typeof addUser>>;
let ada: Person;
let positionId: string;

/**
 * What the receiver got, in order; what it answers next (one status per request, then 200); and
 * how many requests mentioning a text it fails (500) first.
 */
const received: { headers: Record<string, string>; body: string; path: string }[] = [];
let answers: number[] = [];
let failing: { text: string; times: number } | null = null;

const allow = parseAllowList('127.0.0.1');
const db = () => backend.database.db;
const integrationDeps = (): IntegrationDeps => ({ db: db(), jobs: backend.jobs, secret: TEST_SECRET, allow });
const deliveryDeps = (retrySeconds: number[] = [1, 1, 1]): DeliveryDeps => ({
  db: db(),
  siteUrl: 'https://www.helixpoint.test',
  secret: TEST_SECRET,
  allow,
  retrySeconds,
  log: () => {},
});

beforeAll(async () => {
  backend = await startTestBackend();
  ada = await addUser(db(), 'ada-integrations', 'admin');
  positionId = await addPosition(db(), { title: 'Data Engineer' });
  receiver = await serveForTest(async (request) => {
    const body = await request.text();
    received.push({ headers: Object.fromEntries(request.headers), body, path: new URL(request.url).pathname });
    const fails = failing && body.includes(failing.text) && failing.times > 0;
    if (fails) failing!.times -= 1;
    const status = fails ? 500 : (answers.shift() ?? 200);
    return new Response(status === 200 ? 'ok' : 'Service down\u0000 for maintenance', { status });
  });
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await backend?.stop();
}, 60_000);

beforeEach(async () => {
  await db().delete(integrationEndpoints);
  await db().delete(notifications);
  await db().delete(domainEvents);
  await db().delete(applications);
  await backend.database.pool.query(`delete from pgboss.job where name = $1`, [DELIVER_INTEGRATIONS]);
  received.length = 0;
  answers = [];
  failing = null;
});

async function webhook(events: string[] = ['application.received', 'application.status_changed'], path = '/hook') {
  return saveIntegration(integrationDeps(), ada, {
    kind: 'webhook',
    name: 'HR system',
    url: `${receiver.url}${path}`,
    events: events as never,
  });
}

/** The events recorded since, as the dispatcher hands them. */
async function events(): Promise<StoredEvent[]> {
  return (await db().select().from(domainEvents).orderBy(domainEvents.id)) as StoredEvent[];
}

let applicants = 0;
async function applicationWithEvent(name = 'Zofia Żółć') {
  applicants += 1;
  const applicationId = await addApplication(db(), positionId, {
    fullName: name,
    email: `zofia${applicants}@mail.test`,
    phone: '+48501234567',
  });
  await db().transaction((tx) =>
    recordEvent(tx, {
      kind: 'application.received',
      applicationId,
      positionId,
      data: { candidateName: name, positionTitle: 'Data Engineer' },
    }),
  );
  return applicationId;
}

/** Hands every recorded event to the integrations' reader, and marks it handed, as the dispatcher does. */
async function handEvents(jobs: Pick<Jobs, 'send'> = backend.jobs) {
  let made = 0;
  for (const event of await events()) {
    made += await deliveriesOfEvent(deliveryDeps(), event, jobs as Jobs);
    await db().update(domainEvents).set({ dispatchedAt: new Date() }).where(eq(domainEvents.id, event.id));
  }
  return made;
}

describe('webhooks', () => {
  it('signs each delivery as Standard Webhooks says, with ids, names and links and nothing more', async () => {
    const { id, secret } = await webhook();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const applicationId = await applicationWithEvent();
    expect(await handEvents()).toBe(1);
    // Handed twice (a retried dispatch): one delivery.
    expect(await handEvents()).toBe(0);
    expect(await deliverDue(deliveryDeps(), id, backend.jobs)).toBe(1);

    expect(received).toHaveLength(1);
    const [request] = received;
    const verified = new Webhook(secret!).verify(request!.body, request!.headers) as Record<string, unknown>;
    expect(request!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(verified).toEqual({
      type: 'application.received',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: {
        application: {
          id: applicationId,
          status: 'pending',
          url: `https://www.helixpoint.test/admin/applications/${positionId}/${applicationId}`,
        },
        position: { id: positionId, title: 'Data Engineer', url: `https://www.helixpoint.test/admin/applications/${positionId}` },
        candidate: { name: 'Zofia Żółć' },
      },
    });
    // Nothing of the person beyond their name: no address, phone, resume or letter.
    expect(request!.body).not.toMatch(/zofia\d*@mail\.test|501234567|Hello|resume/i);
    // Another secret does not verify it.
    expect(() => new Webhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`).verify(request!.body, request!.headers)).toThrow();

    const [delivery] = await db().select().from(integrationDeliveries);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 1 });
    const [attempt] = await db().select().from(integrationAttempts);
    expect(attempt).toMatchObject({ status: 200, answer: 'ok', error: null });
  });

  it('tries a delivery that fails again, in order per application, nothing lost across a restart of the workers', async () => {
    const { id } = await webhook();
    const first = await applicationWithEvent('Asha First');
    await db().transaction((tx) => changeStatus(tx, ada, first, 'reviewing'));
    const second = await applicationWithEvent('Bo Second');
    // The receiver fails the first three requests of Asha's application.
    failing = { text: 'Asha First', times: 3 };

    const startWorkers = async () => {
      const jobs = await startJobs({
        databaseUrl: backend.database.url,
        mailer: backend.mailer,
        sealSecret: TEST_SECRET,
        log: () => {},
        pollingIntervalSeconds: 0.5,
        sendOnQueue: true,
      });
      await jobs.addQueue(deliverQueue);
      await jobs.work({
        queue: DELIVER_INTEGRATIONS,
        run: (job, sender) => deliverDue(deliveryDeps(), (job.data as { endpointId: string }).endpointId, sender).then(() => undefined),
      });
      return jobs;
    };
    const before = await startWorkers();
    expect(await handEvents(before)).toBe(3);
    // The first try of each thread has been made (two threads side by side): then the "server" stops.
    await expect.poll(async () => (await db().select().from(integrationAttempts)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await before.stop(10_000);
    // Stopped in the middle: Asha's thread still waits (its received event to try again, its status change behind it).
    const waiting = await db().select({ state: integrationDeliveries.state }).from(integrationDeliveries);
    expect(waiting.filter((row) => row.state === 'pending').length).toBeGreaterThanOrEqual(2);
    const after = await startWorkers();
    try {
      await expect
        .poll(async () => (await db().select({ state: integrationDeliveries.state }).from(integrationDeliveries)).map((row) => row.state), {
          timeout: 30_000,
          interval: 250,
        })
        .toEqual(['delivered', 'delivered', 'delivered']);
    } finally {
      await after.stop(10_000);
    }
    const types = received.map((request) => {
      const body = JSON.parse(request.body) as { type: string; data: { candidate: { name: string } } };
      return `${body.data.candidate.name}: ${body.type}`;
    });
    // Asha's received event failed three times and arrived on the fourth try; her status change waited for it.
    const asha = types.filter((line) => line.startsWith('Asha'));
    expect(asha).toEqual([
      'Asha First: application.received',
      'Asha First: application.received',
      'Asha First: application.received',
      'Asha First: application.received',
      'Asha First: application.status_changed',
    ]);
    expect(types.filter((line) => line.startsWith('Bo'))).toEqual(['Bo Second: application.received']);
    expect(received).toHaveLength(6);
    // The same delivery kept its id across its tries.
    const ids = received.filter((request) => request.body.includes('Asha First') && request.body.includes('application.received'));
    expect(new Set(ids.map((request) => request.headers['webhook-id'])).size).toBe(1);
    const [endpoint] = await db().select().from(integrationEndpoints).where(eq(integrationEndpoints.id, id));
    expect(endpoint).toMatchObject({ enabled: true, failingSince: null });
    expect(second).toBeTruthy();
  }, 60_000);

  it('refuses a private, loopback or metadata address when saved and when sent, redirects included', async () => {
    for (const url of ['http://10.0.0.1/hook', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/hook', 'http://192.168.1.5/'])
      await expect(
        saveIntegration({ ...integrationDeps(), allow: parseAllowList('') }, ada, {
          kind: 'webhook',
          name: 'Inside',
          url,
          events: ['application.received'],
        }),
      ).rejects.toThrow(AdminRuleError);
    // Loopback without the allow-list (the receiver of these tests) is refused too.
    await expect(
      saveIntegration({ ...integrationDeps(), allow: parseAllowList('') }, ada, {
        kind: 'webhook',
        name: 'Local',
        url: `${receiver.url}/hook`,
        events: ['application.received'],
      }),
    ).rejects.toThrow(/private, local or metadata address/);

    // One saved before its address was private (a name that now resolves inside): each send checks again.
    const { id } = await webhook();
    await db()
      .update(integrationEndpoints)
      .set({ urlSealed: sealText(TEST_SECRET, INTEGRATION_URL_SEAL, 'http://169.254.169.254/latest/meta-data') })
      .where(eq(integrationEndpoints.id, id));
    await applicationWithEvent();
    await handEvents();
    await deliverDue(deliveryDeps(), id, backend.jobs);
    const [attempt] = await db().select().from(integrationAttempts);
    expect(attempt).toMatchObject({ status: null, error: expect.stringMatching(/private or local network address/) });

    // A receiver that redirects (here to the metadata service): a failed try, nothing follows it.
    let followed = 0;
    const metadata = await serveForTest(async () => {
      followed += 1;
      return new Response('ok');
    });
    const redirecting = await serveForTest(
      async () => new Response(null, { status: 307, headers: { location: `${metadata.url}/latest` } }),
    );
    try {
      await db()
        .update(integrationEndpoints)
        .set({ urlSealed: sealText(TEST_SECRET, INTEGRATION_URL_SEAL, `${redirecting.url}/hook`) })
        .where(eq(integrationEndpoints.id, id));
      await db()
        .update(integrationDeliveries)
        .set({ nextAttemptAt: new Date(0) });
      await deliverDue(deliveryDeps(), id, backend.jobs);
      const tries = await db().select().from(integrationAttempts).orderBy(integrationAttempts.id);
      expect(tries.at(-1)).toMatchObject({ status: 307, error: null });
      expect(followed).toBe(0);
      const [delivery] = await db().select().from(integrationDeliveries);
      expect(delivery?.state).toBe('pending');
    } finally {
      await redirecting.close();
      await metadata.close();
    }
  });

  it('switches off an integration whose deliveries failed for as long as one is tried, and tells its admin', async () => {
    const { id } = await webhook();
    await applicationWithEvent();
    await handEvents();
    answers = [503, 503];
    const start = Date.now();
    const clock = (offset: number) => () => new Date(start + offset);
    await deliverDue(deliveryDeps([60]), id, backend.jobs, clock(0));
    // Not due yet: nothing sent.
    expect(await deliverDue(deliveryDeps([60]), id, backend.jobs, clock(30_000))).toBe(0);
    expect(await deliverDue(deliveryDeps([60]), id, backend.jobs, clock(61_000))).toBe(1);
    const [endpoint] = await db().select().from(integrationEndpoints).where(eq(integrationEndpoints.id, id));
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: 'The server answered 503.' });
    const [delivery] = await db().select().from(integrationDeliveries);
    expect(delivery).toMatchObject({ state: 'failed', attempts: 2 });
    // The answer kept in the log, its control characters out.
    const [attempt] = await db().select().from(integrationAttempts);
    expect(attempt?.answer).toBe('Service down for maintenance');

    // Its admin is told, through the record of events.
    const [disabled] = (await db().select().from(domainEvents).where(eq(domainEvents.kind, 'integration.disabled'))) as StoredEvent[];
    expect(disabled?.data).toMatchObject({ endpointId: id, name: 'HR system', createdByUserId: ada.id });
    expect(await recipientsOf({ db: db() }, disabled!)).toEqual([{ userId: ada.id, reason: 'admin' }]);
    await deliverEvents(backend);
    expect(await db().select({ userId: notifications.userId }).from(notifications)).toEqual([{ userId: ada.id }]);

    // Switched on again: a new event is delivered, the failed one stays failed until sent again.
    await setIntegrationEnabled(integrationDeps(), ada, id, true);
    await applicationWithEvent('Cy Later');
    await handEvents();
    expect(await deliverDue(deliveryDeps(), id, backend.jobs)).toBe(1);
    expect(received.at(-1)?.body).toContain('Cy Later');
  });

  it('sends a delivery again with the same id; an erased person’s deliveries go with them', async () => {
    const { id, secret } = await webhook();
    const applicationId = await applicationWithEvent();
    await handEvents();
    await deliverDue(deliveryDeps(), id, backend.jobs);
    const [delivery] = await db().select().from(integrationDeliveries);
    await redeliver(integrationDeps(), ada, delivery!.id);
    await deliverDue(deliveryDeps(), id, backend.jobs);
    expect(received.map((request) => request.headers['webhook-id'])).toEqual([delivery!.id, delivery!.id]);
    expect(new Webhook(secret!).verify(received[1]!.body, received[1]!.headers)).toMatchObject({ type: 'application.received' });

    // Erased: the event, its delivery and its tries are gone, and cannot be sent again.
    await db().delete(applications).where(eq(applications.id, applicationId));
    expect(await db().select().from(integrationDeliveries)).toEqual([]);
    expect(await db().select().from(integrationAttempts)).toEqual([]);
    await expect(redeliver(integrationDeps(), ada, delivery!.id)).rejects.toThrow(/no longer in the log/);
  });

  it('tells of an erasure with the ids of what went, and nothing of the person', async () => {
    const { id } = await webhook(['candidate.erased']);
    await db().transaction((tx) =>
      recordEvent(tx, { kind: 'candidate.erased', data: { applicationIds: ['a1b2'], contactMessageIds: [], bookingIds: [] } }),
    );
    await handEvents();
    await deliverDue(deliveryDeps(), id, backend.jobs);
    expect(JSON.parse(received[0]!.body)).toMatchObject({
      type: 'candidate.erased',
      data: { applications: [{ id: 'a1b2' }], messages: [] },
    });
  });

  it('the sweep wakes an integration whose job was lost', async () => {
    const { id } = await webhook();
    await applicationWithEvent();
    await handEvents();
    await backend.database.pool.query(`delete from pgboss.job where name = $1`, [DELIVER_INTEGRATIONS]);
    expect(await sweepIntegrations({ db: db() }, backend.jobs)).toBe(1);
    const { rows } = await backend.database.pool.query(`select data from pgboss.job where name = $1`, [DELIVER_INTEGRATIONS]);
    expect(rows).toEqual([{ data: { endpointId: id } }]);
  });
});

describe('chat channels', () => {
  it('posts a line with the position and a link, and no contact data', async () => {
    const { id, secret } = await saveIntegration(integrationDeps(), ada, {
      kind: 'chat',
      name: '#hiring',
      url: `${receiver.url}/services/T000/B000/XXXX`,
      events: ['application.received', 'application.status_changed'],
    });
    expect(secret).toBeNull();
    const applicationId = await applicationWithEvent('Max <b>&</b> Mustermann');
    await db().transaction((tx) => changeStatus(tx, ada, applicationId, 'interview'));
    await handEvents();
    await deliverDue(deliveryDeps(), id, backend.jobs);
    const url = `https://www.helixpoint.test/admin/applications/${positionId}/${applicationId}`;
    const name = 'Max &lt;b&gt;&amp;&lt;/\u2060b&gt; Mustermann';
    expect(received.map((request) => JSON.parse(request.body))).toEqual([
      { text: `New application from *${name}* for Data Engineer. <${url}|Open the application>` },
      { text: `*${name}* (Data Engineer) moved from Pending to Interview. <${url}|Open the application>` },
    ]);
    expect(received[0]!.headers['webhook-signature']).toBeUndefined();
    expect(received.map((request) => request.body).join('')).not.toMatch(/zofia\d*@mail\.test|501234567/);
  });
});

describe('chat channels, hostile names', () => {
  it('a name that is a Markdown link, an image, a mention or a bare link is shown as typed and does nothing', async () => {
    const { id } = await saveIntegration(integrationDeps(), ada, {
      kind: 'chat',
      name: '#hiring',
      url: `${receiver.url}/services/T000/B000/YYYY`,
      events: ['application.received'],
    });
    await applicationWithEvent('[Open](https://evil.example/x) @all ![p](http://evil.example/p.png) <!channel> evil.example');
    await handEvents();
    await deliverDue(deliveryDeps(), id, backend.jobs);
    const { text } = JSON.parse(received[0]!.body) as { text: string };
    // Seen as typed (the joiners are invisible)…
    expect(text.replace(/\u2060/g, '')).toContain(
      '[Open](https://evil.example/x) @all ![p](http://evil.example/p.png) &lt;!channel&gt; evil.example',
    );
    // …and nothing of it reads as a link, an image, a mention or a domain.
    const typed = text.slice(text.indexOf('*') + 1, text.lastIndexOf('*'));
    expect(typed).not.toMatch(/\]\(|https?:\/\/|@all|<!|evil\.example/);
    // The only link is ours.
    expect(text.match(/<https?:[^>]+>/g)).toEqual([expect.stringMatching(/^<https:\/\/www\.helixpoint\.test\/admin\/applications\//)]);
  });
});

describe('order and integrations switched off by their failures', () => {
  it('holds an application’s event while an earlier one of it waits to be handed (another instance, a reader that failed)', async () => {
    const { id } = await webhook();
    const applicationId = await applicationWithEvent('Ola Order');
    await db().transaction((tx) => changeStatus(tx, ada, applicationId, 'reviewing'));
    const [received0, moved] = await events();
    // The status change is handed first (the received event is still with another instance).
    await deliveriesOfEvent(deliveryDeps(), moved!, backend.jobs);
    await db().update(domainEvents).set({ dispatchedAt: new Date() }).where(eq(domainEvents.id, moved!.id));
    expect(await deliverDue(deliveryDeps(), id, backend.jobs)).toBe(0);
    expect(received).toHaveLength(0);
    // Then the received event: both go, in their order.
    await deliveriesOfEvent(deliveryDeps(), received0!, backend.jobs);
    await db().update(domainEvents).set({ dispatchedAt: new Date() }).where(eq(domainEvents.id, received0!.id));
    await deliverDue(deliveryDeps(), id, backend.jobs);
    expect(received.map((request) => (JSON.parse(request.body) as { type: string }).type)).toEqual([
      'application.received',
      'application.status_changed',
    ]);
  });

  it('keeps what happens while the deliveries have it switched off, and sends it in order when switched on; not while an admin has', async () => {
    const { id } = await webhook();
    await db()
      .update(integrationEndpoints)
      .set({ enabled: false, disabledAt: new Date(), disabledReason: 'The server answered 503.' })
      .where(eq(integrationEndpoints.id, id));
    await applicationWithEvent('Wanda Waiting');
    expect(await handEvents()).toBe(1);
    expect(await deliverDue(deliveryDeps(), id, backend.jobs)).toBe(0);
    // An admin's own switching off: nothing is kept for it.
    await setIntegrationEnabled(integrationDeps(), ada, id, false);
    await applicationWithEvent('Otto Off');
    await db()
      .delete(integrationDeliveries)
      .where(sql`${integrationDeliveries.kind} = 'none'`);
    const made = await handEvents();
    expect(made).toBe(0);
    await setIntegrationEnabled(integrationDeps(), ada, id, true);
    await deliverDue(deliveryDeps(), id, backend.jobs);
    expect(received.map((request) => (JSON.parse(request.body) as { data: { candidate: { name: string } } }).data.candidate.name)).toEqual([
      'Wanda Waiting',
    ]);
  });

  it('a person erased by a privacy request: the event names what went, their deliveries are gone', async () => {
    const { id } = await webhook(['application.received', 'candidate.erased']);
    const applicationId = await applicationWithEvent('Erin Erased');
    const [application] = await db().select({ email: applications.email }).from(applications).where(eq(applications.id, applicationId));
    await handEvents();
    answers = [500];
    await deliverDue(deliveryDeps(), id, backend.jobs);
    expect(await db().select().from(integrationDeliveries)).toHaveLength(1);
    await erasePerson(
      {
        db: db(),
        storage: backend.storage,
        jobs: backend.jobs,
        secret: TEST_SECRET,
        organizer: { name: 'Helixpoint', email: 'hello@helixpoint.test' },
      },
      ada,
      application!.email,
    );
    // Its delivery (waiting for its next try) went with its event.
    expect(await db().select({ kind: integrationDeliveries.kind }).from(integrationDeliveries)).toEqual([]);
    await handEvents();
    await deliverDue(deliveryDeps(), id, backend.jobs);
    const erased = received.map((request) => JSON.parse(request.body) as { type: string; data: unknown }).at(-1);
    expect(erased).toEqual({
      type: 'candidate.erased',
      timestamp: expect.any(String),
      data: { applications: [{ id: applicationId }], messages: [], meetings: [] },
    });
    expect(JSON.stringify(erased)).not.toMatch(/Erin|@mail\.test/);
  });
});

describe('events told to other systems only', () => {
  it('a status change is recorded in its transaction and is nobody’s notice', async () => {
    const applicationId = await applicationWithEvent();
    await db().transaction((tx) => changeStatus(tx, ada, applicationId, 'reviewing'));
    const recorded = await db().select({ kind: domainEvents.kind, data: domainEvents.data }).from(domainEvents).orderBy(domainEvents.id);
    expect(recorded.at(-1)).toEqual({ kind: 'application.status_changed', data: { from: 'pending', to: 'reviewing' } });
    await deliverEvents(backend);
    const told = await db()
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(sql`${notifications.kind} = 'application.status_changed'`);
    expect(told).toEqual([]);
  });
});
