import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgBoss } from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { connect, runMigrations } from '../db/client.ts';
import { DATABASE_NAME, startEmbeddedPostgres } from '../db/embedded.ts';

/**
 * Vitest globalSetup: one embedded PostgreSQL for the whole run, and one migrated database (with
 * pg-boss's schema) that every test file copies with CREATE DATABASE … TEMPLATE
 * (src/server/testing/database.ts). initdb and the migrations run once, not once per file.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    testPostgres: { serverUrl: string; template: string };
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'helixpoint-tests-'));
  // As root, PostgreSQL runs as its own user, which must be able to enter the directory.
  chmodSync(dataDir, 0o755);
  const server = await startEmbeddedPostgres(dataDir);
  try {
    const template = connect(server.url);
    try {
      await runMigrations(template.db);
    } finally {
      await template.close();
    }
    const boss = new PgBoss({ connectionString: server.url, schema: 'pgboss' });
    await boss.start();
    await boss.stop({ graceful: false });
  } catch (error) {
    await server.stop();
    throw error;
  }
  const serverUrl = new URL(server.url);
  serverUrl.pathname = '/postgres';
  project.provide('testPostgres', { serverUrl: serverUrl.href, template: DATABASE_NAME });
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
