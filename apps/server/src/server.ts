import { loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  // Before the logger exists: one clear line naming the variable, then stop.
  console.error((error as Error).message);
  process.exit(1);
}

const app = await buildApp(config);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // close() stops accepting connections, lets in-flight requests finish, then the db
    // plugin closes the database.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (error) {
  app.log.error({ err: error }, 'could not listen');
  await app.close();
  process.exit(1);
}
