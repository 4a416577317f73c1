import type { Logger } from 'pino';
import { createContext, type AppContext } from './context.js';
import type { Config } from './platform/config.js';
import { openDatabase } from './platform/db/database.js';
import { migrateToLatest } from './platform/db/migrate.js';

/** config -> database -> migrations -> services; shared by the server and the CLI. */
export async function bootstrap(config: Config, log: Logger): Promise<AppContext> {
  const database = openDatabase(config.databaseUrl);
  try {
    const applied = await migrateToLatest(database);
    if (applied.length > 0) log.info({ applied }, 'database migrated');
  } catch (err) {
    await database.close();
    throw err;
  }
  return createContext({ config, database, log });
}
