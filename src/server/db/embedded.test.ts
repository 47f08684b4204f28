import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseReachable } from './client';
import { DataDirInUseError, startEmbeddedPostgres } from './embedded';
import { openDatabase, type OpenDatabase } from './open';
import { departments } from './schema';
import { seedIfNeverSeeded } from '../positions/seed';

/* The embedded PostgreSQL itself, in a DATA_DIR of its own: created, migrated, reused, guarded. */

let dataDir: string;
let database: OpenDatabase;
let closed = false;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'helixpoint-embedded-'));
  chmodSync(dataDir, 0o755);
  database = await openDatabase({ dataDir, databaseUrl: undefined }, () => {});
}, 120_000);

afterAll(async () => {
  if (!closed) await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const departmentCount = async (db: OpenDatabase['db']) => (await db.select({ value: count() }).from(departments))[0]?.value ?? 0;

describe('the embedded database', () => {
  it('is migrated from empty to every table of the schema', async () => {
    const { rows } = await database.pool.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
    );
    expect(rows.map((row) => row.table_name)).toEqual([
      'accounts',
      'analytics_daily',
      'analytics_hits',
      'analytics_rollups',
      'analytics_salts',
      'api_tokens',
      'app_meta',
      'application_activity',
      'application_emails',
      'application_interviewers',
      'application_links',
      'application_milestones',
      'application_notes',
      'application_rating_totals',
      'application_ratings',
      'application_rejections',
      'application_status_history',
      'application_tallies',
      'applications',
      'audit_log',
      'booking_hosts',
      'bookings',
      'calendar_accounts',
      'calendar_busy_times',
      'calendar_event_copies',
      'calendar_sources',
      'candidate_merges',
      'candidates',
      'contact_message_emails',
      'contact_messages',
      'departments',
      'domain_events',
      'email_templates',
      'erasure_confirmations',
      'follows',
      'heard_about_options',
      'hiring_team_members',
      'inbound_attachments',
      'inbound_mails',
      'integration_attempts',
      'integration_deliveries',
      'integration_endpoints',
      'interview_request_interviewers',
      'interview_requests',
      'invitations',
      'job_alert_matches',
      'job_alerts',
      'known_devices',
      'media',
      'notification_preferences',
      'notifications',
      'offer_approvals',
      'offer_templates',
      'offers',
      'page_text_revisions',
      'page_texts',
      'page_views',
      'positions',
      'post_revisions',
      'post_slugs',
      'posts',
      'rate_limits',
      'rejection_reasons',
      'reply_tokens',
      'resume_texts',
      'retention_runs',
      'scorecard_reminders',
      'scorecards',
      'sessions',
      'sso_logout_tokens',
      'sso_settings',
      'staff_days_off',
      'staff_schedules',
      'talent_pool_invitations',
      'two_factors',
      'upload_reservations',
      'uploads',
      'users',
      'verifications',
    ]);
    expect(await isDatabaseReachable(database.pool)).toBe(true);
    expect(database.embeddedPort).toBeGreaterThan(0);
  });

  it('uses DATABASE_URL when it is set, and embeds nothing', async () => {
    const otherDataDir = mkdtempSync(join(tmpdir(), 'external-'));
    try {
      const external = await openDatabase({ dataDir: otherDataDir, databaseUrl: database.url }, () => {});
      expect(external.embeddedPort).toBeUndefined();
      expect(await isDatabaseReachable(external.pool)).toBe(true);
      await external.close();
      expect(existsSync(join(otherDataDir, 'postgres'))).toBe(false);
    } finally {
      rmSync(otherDataDir, { recursive: true, force: true });
    }
  });

  it('refuses a second server on the same DATA_DIR with a clear message', async () => {
    await expect(startEmbeddedPostgres(dataDir)).rejects.toThrow(DataDirInUseError);
    await expect(startEmbeddedPostgres(dataDir)).rejects.toThrow(/is in use by another running server/);
  });

  // Last: it stops the server the other tests use.
  it('keeps its data across a restart', async () => {
    await seedIfNeverSeeded(database.db);
    const before = await departmentCount(database.db);
    expect(before).toBeGreaterThan(0);
    await database.close();
    closed = true;
    const reopened = await openDatabase({ dataDir, databaseUrl: undefined }, () => {});
    const after = await departmentCount(reopened.db);
    await reopened.close();
    expect(after).toBe(before);
  }, 60_000);
});
