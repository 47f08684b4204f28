import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes a new migration from src/server/db/schema.ts; commit it.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
