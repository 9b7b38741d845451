import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

// The one place that reads process.env (docs/architecture.md, code style rule 5). Validated at boot; a bad value stops the server.
const flag = z.enum(['0', '1']).optional();
const S3_SETTINGS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_TIMEOUT_MS'] as const;
/** How long one bucket call may take before the request gets a 503 (docs/decisions/073). */
const DEFAULT_S3_TIMEOUT_MS = 10_000;

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    PUBLIC_URL: z.url().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
    CORS_ORIGINS: z.string().optional(),
    ADMIN_ID: z.string().trim().min(1).max(32).optional(),
    ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
    SEED_DEMO: flag,
    TRUST_PROXY: flag,
    PASSWORD_HASH_COST: z.enum(['production', 'low']).default('production'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
      .optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name (3–63 of a-z 0-9 . -)')
      .optional(),
    S3_REGION: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: flag,
    S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).optional(),
    SIGNUP_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).optional(),
    // How long a SIGTERMed process keeps serving with /readyz at 503 before it stops listening (docs/decisions/074).
    // GET /metrics is served only with this bearer token (docs/decisions/160); unset, it is off.
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').max(256).optional(),
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
  })
  .refine((env) => Boolean(env.ADMIN_ID) === Boolean(env.ADMIN_PASSWORD), {
    message: 'ADMIN_ID and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((env) => Boolean(env.S3_ACCESS_KEY_ID) === Boolean(env.S3_SECRET_ACCESS_KEY), {
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    path: ['S3_SECRET_ACCESS_KEY'],
  })
  .refine((env) => env.S3_BUCKET !== undefined || !S3_SETTINGS.some((name) => env[name] !== undefined), {
    message: 'S3_BUCKET is required when any other S3_* setting is given',
    path: ['S3_BUCKET'],
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  outboxDir: string;
  databaseUrl: string | undefined;
  jwtSecret: Uint8Array;
  publicUrl: string;
  smtpUrl: string | undefined;
  corsOrigins: string[];
  admin: { id: string; password: string } | undefined;
  seedDemo: 'auto' | 'always' | 'never';
  trustProxy: boolean;
  passwordHashCost: 'production' | 'low';
  logLevel: Env['LOG_LEVEL'];
  webDistDir: string | undefined;
  rateLimits: RateLimits;
  /** Shared limits across processes (redis://…); unset keeps every count in the process. */
  redisUrl: string | undefined;
  /** Uploads in an S3-compatible bucket instead of DATA_DIR; unset keeps them on disk. */
  s3: S3Config | undefined;
  /** After SIGTERM: how long /readyz answers 503 while requests are still served, before the listener closes. */
  shutdownDrainMs: number;
  /** The bearer token of GET /metrics; unset keeps the metrics off. */
  metricsToken: string | undefined;
}

export interface S3Config {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** Longest wait for one bucket call (connect and answer, retries included); then it fails. */
  timeoutMs: number;
}

export interface RateLimits {
  /** Login attempts per client address per minute: generous, a campus sits behind one NAT. */
  loginPerIpPerMinute: number;
  /** Failed logins per identifier before it is locked for the window. */
  loginFailuresPerId: number;
  loginFailureWindowMs: number;
  signupPerIpPerHour: number;
  /** Password-change requests per client address per hour (default below when unset). */
  passwordChangePerIpPerHour?: number;
  /** Password-change mails per member per hour (counted in the database, so across processes). */
  passwordChangePerMemberPerHour?: number;
}

export const defaultRateLimits: Required<RateLimits> = {
  loginPerIpPerMinute: 120,
  loginFailuresPerId: 5,
  loginFailureWindowMs: 15 * 60 * 1000,
  signupPerIpPerHour: 30,
  passwordChangePerIpPerHour: 60,
  passwordChangePerMemberPerHour: 5,
};

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

// Without JWT_SECRET a random secret is made once and kept in DATA_DIR, so tokens survive restarts.
function loadOrCreateSecret(dataDir: string): Uint8Array {
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export function configFromEnv(env: Env): Config {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    databaseUrl: env.DATABASE_URL,
    jwtSecret: env.JWT_SECRET ? new TextEncoder().encode(env.JWT_SECRET) : loadOrCreateSecret(dataDir),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/$/, ''))
      .filter(Boolean),
    admin: env.ADMIN_ID && env.ADMIN_PASSWORD ? { id: env.ADMIN_ID, password: env.ADMIN_PASSWORD } : undefined,
    seedDemo: env.SEED_DEMO === '1' ? 'always' : env.SEED_DEMO === '0' ? 'never' : 'auto',
    trustProxy: env.TRUST_PROXY === '1',
    passwordHashCost: env.PASSWORD_HASH_COST,
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
    rateLimits: env.SIGNUP_PER_IP_PER_HOUR ? { ...defaultRateLimits, signupPerIpPerHour: env.SIGNUP_PER_IP_PER_HOUR } : defaultRateLimits,
    redisUrl: env.REDIS_URL,
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION ?? 'us-east-1',
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === '1',
          timeoutMs: env.S3_TIMEOUT_MS ?? DEFAULT_S3_TIMEOUT_MS,
        }
      : undefined,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    metricsToken: env.METRICS_TOKEN,
  };
}

export function loadConfig(): Config {
  return configFromEnv(parseEnv(process.env));
}
