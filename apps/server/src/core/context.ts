import type { Config } from '../env';
import type { Db, Dialect } from './db';

// What every route needs from the app, decorated once onto the Fastify instance.
export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
