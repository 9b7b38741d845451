import type { AppContext } from './context';
import type { Db, Dialect } from './db';

// A read with no rule of its own still goes routes → service → repository: the service exposes the
// repository function with the connection filled in from the context, so routes never hold `ctx.db`.

export function plainRead<A extends unknown[], R>(read: (db: Db, ...args: A) => R): (ctx: AppContext, ...args: A) => R {
  return (ctx, ...args) => read(ctx.db, ...args);
}

/** The same for a repository function that also takes the dialect (searches, paged lists). */
export function plainDialectRead<A extends unknown[], R>(read: (db: Db, dialect: Dialect, ...args: A) => R): (ctx: AppContext, ...args: A) => R {
  return (ctx, ...args) => read(ctx.db, ctx.dialect, ...args);
}
