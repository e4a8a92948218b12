import { loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import {
  checkDataDir,
  portMessage,
  readyLine,
  reservePort,
  StartupError,
  usesDataDir,
} from './lib/startup-checks.js';

/** Before the logger exists: one clear line naming the variable, then stop. */
function stop(message: string): never {
  console.error(message);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  stop((error as Error).message);
}

// What an operator can fix is checked before the database is opened, migrated or seeded: a
// taken port or an unwritable DATA_DIR stops at once. The port stays held until listen().
let port: Awaited<ReturnType<typeof reservePort>> | undefined;
try {
  // PORT=0 asks for any free port: nothing to reserve.
  if (config.PORT !== 0) port = await reservePort(config);
  if (usesDataDir(config)) checkDataDir(config);
} catch (error) {
  await port?.release();
  if (error instanceof StartupError) stop(error.message);
  throw error;
}

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp(config);
} finally {
  await port?.release();
}

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
  stop(portMessage(config, error));
}

const address = app.server.address();
const listeningPort = typeof address === 'object' && address ? address.port : config.PORT;
// Besides the JSON logs, one plain line saying where to go.
console.log(readyLine(config, listeningPort));
