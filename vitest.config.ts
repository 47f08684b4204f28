import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const all = ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}', 'bench/**/*.test.{ts,mjs}'];
// Files that replace modules with vi.mock(): a module another file already loaded would be shared
// unmocked, so these run each in a fresh worker. Any file that starts using vi.mock() goes here.
const mocking = ['src/actions/faults.test.ts', 'src/components/account/use-command.test.ts'];

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'node',
    // Two cores on CI: one worker for tests, one for everything else.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: all,
          exclude: mocking,
          // One PostgreSQL and one migrated template database for the run; each test file copies it.
          globalSetup: ['src/server/testing/global-setup.ts'],
          // The workers are reused from file to file, with the modules they loaded: importing the
          // server's modules anew for each file was 40 % of the suite (200 s, now 105 s; decision 043).
          isolate: false,
        },
      },
      { extends: true, test: { name: 'mocking', include: mocking } },
    ],
  },
});
