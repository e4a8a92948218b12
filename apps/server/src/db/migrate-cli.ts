// `npm run db:migrate`: applies the migrations to the configured database and exits.
import { loadConfig } from '../config.js';
import { createDb } from './client.js';

const config = loadConfig(process.env);
const handle = createDb(config);
try {
  await handle.migrate();
  console.log(`Migrations applied (${handle.driver}).`);
} finally {
  await handle.close();
}
