// `npm run db:seed`: applies the migrations, then inserts whatever demo data is missing.
import { loadConfig } from '../config.js';
import { createDb } from './client.js';
import { seedDemo } from './seed.js';

const config = loadConfig(process.env);
const handle = createDb(config);
try {
  await handle.migrate();
  const { usersCreated, organizationsCreated, teamsCreated } = await seedDemo(handle.db, {
    // The development LMS exists where the development sign-in does (app.ts).
    devLmsUrl: config.AUTH_DEV_LOGIN ? config.PUBLIC_URL : undefined,
  });
  console.log(
    `Demo data seeded (${handle.driver}): ${usersCreated} users, ${organizationsCreated} organizations, ${teamsCreated} teams created.`,
  );
} finally {
  await handle.close();
}
