import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}', 'bench/**/*.test.{ts,mjs}'],
    environment: 'node',
    // One PostgreSQL and one migrated template database for the run; each test file copies it.
    globalSetup: ['src/server/testing/global-setup.ts'],
    // Two cores on CI: one worker for tests, one for everything else.
    maxWorkers: 2,
  },
});
