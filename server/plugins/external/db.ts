/**
 * Database plugin: decorates `app.db` (Kysely) and `app.dbListen` (LISTEN) from the Database
 * handle the caller opened (main.ts, the CLI and the tests own its lifetime). Given no handle, it opens one from the config,
 * migrates it and closes it with the app: the convenient path for a one-off `buildApp(config)`.
 */
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../../config';
import { openDatabase, type Database } from '../../db/database';
import type { Listen } from '../../db/listen';
import { migrateToLatest } from '../../db/migrate';
import type { DB } from '../../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<DB>;
    /** LISTEN on a channel of the same database (server/db/listen.ts). */
    dbListen: Listen;
  }
}

export function databaseOptionsFrom(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>) {
  return config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir };
}

export default fp<{ config: ServerConfig; database?: Database }>(
  async (app, { config, database }) => {
    let handle = database;
    if (!handle) {
      const owned = await openDatabase(databaseOptionsFrom(config));
      app.addHook('onClose', () => owned.close());
      await migrateToLatest(owned.db);
      handle = owned;
    }
    app.decorate('db', handle.db);
    app.decorate('dbListen', handle.listen);
  },
  { name: 'db', fastify: '5.x' },
);
