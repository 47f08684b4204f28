// `npm run seed`: adds the demo departments and positions that are missing. Never duplicates.
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/open.ts';
import { seedDemoData } from '../src/server/positions/seed.ts';

const config = loadConfig();
const database = await openDatabase(config, (message) => console.log(message));
try {
  const result = await seedDemoData(database.db);
  console.log(`Seed: ${result.departments} departments and ${result.positions} positions added.`);
} finally {
  await database.close();
}
