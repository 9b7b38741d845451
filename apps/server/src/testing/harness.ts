import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AUTHORITY, type Role } from '@qbank/shared/roles';
import { buildApp } from '../app';
import { hashPassword, setPasswordCost } from '../core/password';
import { openDatabase, type Db, type Dialect } from '../core/db';
import { migrateToLatest } from '../db/migrate';
import type { MemberRow } from '../db/schema';
import { configFromEnv, parseEnv, type Config, type RateLimits } from '../env';
import { insertMember } from '../members/repository';
import { withSchemaChangeLock } from './schema-lock';

// Kysely's own pattern: every database test runs once per dialect in this list. PostgreSQL joins
// when TEST_DATABASE_URL is set; REQUIRE_POSTGRES=1 (CI) makes its absence a failure, not a skip.
const postgresUrl = process.env.TEST_DATABASE_URL;
if (process.env.REQUIRE_POSTGRES === '1' && !postgresUrl) {
  throw new Error('REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set');
}
export const testDialects: Dialect[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  dialect: Dialect;
  close(): Promise<void>;
}

const generousLimits: RateLimits = {
  loginPerIpPerMinute: 10_000,
  loginFailuresPerId: 1_000,
  loginFailureWindowMs: 60_000,
  signupPerIpPerHour: 10_000,
};

interface TestSchema {
  name: string;
  url: string;
  /** Creates the schema and runs `migrate` in it, under the schema-change lock. */
  create(migrate: () => Promise<unknown>): Promise<void>;
  drop(): Promise<void>;
}

function postgresSchema(): TestSchema {
  const name = `qbank_t_${randomBytes(6).toString('hex')}`;
  const separator = postgresUrl!.includes('?') ? '&' : '?';
  return {
    name,
    // A test schema is thrown away, so its commits need not wait for the WAL to reach the disk:
    // without the wait, a file's migrations and fixture inserts stop paying a flush each.
    url: `${postgresUrl}${separator}options=${encodeURIComponent(`-c search_path=${name},public -c synchronous_commit=off`)}`,
    create: (migrate) =>
      withSchemaChangeLock(postgresUrl!, async (admin) => {
        // Extensions belong to the database, not the schema: install pg_trgm once in public, which
        // stays on the search path, so dropping a test schema never drops it for the others.
        await admin.query('create extension if not exists pg_trgm with schema public').catch(() => undefined);
        await admin.query(`create schema "${name}"`);
        await migrate();
      }),
    drop: () => withSchemaChangeLock(postgresUrl!, (admin) => admin.query(`drop schema "${name}" cascade`)).then(() => undefined),
  };
}

export interface TestDatabase {
  db: Db;
  dialect: Dialect;
  dataDir: string;
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/**
 * Kysely's migrator reads the catalog of every schema in the database before it migrates one, and
 * that read fails ("column … does not exist") when DDL in another schema lands at the same moment.
 * The schema-change lock serializes the suite's own schema changes, yet a run of the whole suite
 * on two workers still met it once (CI, 2026-11-26). Migrating again is safe (the migrator applies
 * only what is missing), so a failure that names no migration of ours is retried twice.
 */
async function migrateRetryingCatalogRaces(migrate: () => Promise<number>): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await migrate();
    } catch (error) {
      const catalogRace = /^migration failed: {2}.*does not exist/.test(String((error as Error).message));
      if (!catalogRace || attempt === 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** A migrated, empty database of the dialect (SQLite in a temp dir, or a fresh PostgreSQL schema). */
export async function openTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  setPasswordCost('low');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qbank-test-'));
  const schema = dialect === 'postgres' ? postgresSchema() : undefined;
  const { db } = openDatabase({ databaseUrl: schema?.url, dataDir });
  const migrate = () => migrateRetryingCatalogRaces(() => migrateToLatest(db, schema ? { schema: schema.name } : {}));
  await (schema ? schema.create(migrate) : migrate());
  return {
    db,
    dialect,
    dataDir,
    databaseUrl: schema?.url,
    async close() {
      await db.destroy();
      await schema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two apps on one database, standing in for two server processes: each has its own caches, and a
 * token one signs is good on the other (one JWT secret, as deployed behind a load balancer).
 */
export async function twoProcessApps(database: TestDatabase): Promise<[FastifyInstance, FastifyInstance]> {
  const config = configFromEnv(
    parseEnv({
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'shared-secret-of-both-processes-0123456789',
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    }),
  );
  const build = () => buildApp({ config, db: database.db, dialect: database.dialect });
  return [await build(), await build()];
}

export async function createTestContext(
  dialect: Dialect,
  options: {
    rateLimits?: Partial<RateLimits>;
    env?: Record<string, string>;
    /** Extra routes for probing shared mechanisms (guards, error handler) from a test. */
    register?: (app: FastifyInstance) => void;
    /** Receives the app's log lines (set LOG_LEVEL in `env` too: the default is silent). */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestContext> {
  const database = await openTestDatabase(dialect);
  const config: Config = configFromEnv(
    parseEnv({
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'silent',
      PASSWORD_HASH_COST: 'low',
      JWT_SECRET: randomBytes(32).toString('hex'),
      WEB_DIST_DIR: path.join(database.dataDir, 'no-web'),
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      ...options.env,
    }),
  );
  config.rateLimits = { ...generousLimits, ...options.rateLimits };
  const app = await buildApp({ config, db: database.db, dialect, ...(options.logStream ? { logStream: options.logStream } : {}) });
  options.register?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    dialect,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export const TEST_PASSWORD = 'correct-horse-battery';

const authorityOf: Record<Role, number | null> = {
  student: null,
  lead: AUTHORITY.lead,
  admin: AUTHORITY.admin,
  superadmin: AUTHORITY.superadmin,
};

let memberSerial = 0;

/** A member row straight in the database (factories, not the API, so tests stay independent). */
export async function createMember(
  db: Db,
  options: { role?: Role; validated?: boolean; id?: string; email?: string | null; password?: string } = {},
): Promise<MemberRow> {
  memberSerial += 1;
  const suffix = `${memberSerial}${randomBytes(2).toString('hex')}`;
  return insertMember(db, {
    id: options.id ?? `member${suffix}`,
    name: `테스트${suffix}`,
    nickname: `닉${suffix}`,
    email: options.email === undefined ? `member${suffix}@example.ac.kr` : options.email,
    school_no: `2026${suffix}`,
    password_hash: await hashPassword(options.password ?? TEST_PASSWORD),
    grad_year: null,
    grade: null,
    authority: authorityOf[options.role ?? 'student'],
    validated: options.validated === false ? 0 : 1,
  });
}

/** Signs in through the API and returns the cookie header value for later calls. */
export async function loginCookie(app: FastifyInstance, id: string, password = TEST_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { id, email: id, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'token');
  if (!cookie) throw new Error('no token cookie');
  return `token=${cookie.value}`;
}

/** The cookie of a new signed-in member for each role, and of a student not yet approved (`pending`). */
export async function roleCookies(app: FastifyInstance, db: Db): Promise<Record<Role | 'pending', string>> {
  const login = async (role: Role, validated = true) => loginCookie(app, (await createMember(db, { role, validated })).id);
  return {
    student: await login('student'),
    lead: await login('lead'),
    admin: await login('admin'),
    superadmin: await login('superadmin'),
    pending: await login('student', false),
  };
}

/** One API call as the holder of `cookie` (none: signed out), with an optional JSON body. */
export function callAs(app: FastifyInstance, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) {
  return app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });
}
