import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configFromEnv, parseEnv } from './env';

describe('environment validation at boot', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'qbank-env-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has working defaults', () => {
    const config = configFromEnv(parseEnv({ DATA_DIR: dir }));
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      seedDemo: 'auto',
      passwordHashCost: 'production',
      shutdownDrainMs: 5000,
    });
    expect(config.uploadsDir).toBe(path.join(dir, 'uploads'));
  });

  it('generates a JWT secret once and keeps it in DATA_DIR', () => {
    const first = configFromEnv(parseEnv({ DATA_DIR: dir }));
    const second = configFromEnv(parseEnv({ DATA_DIR: dir }));
    expect(Buffer.from(first.jwtSecret).toString()).toBe(Buffer.from(second.jwtSecret).toString());
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').length).toBeGreaterThanOrEqual(32);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SEED_DEMO: 'yes' }, 'SEED_DEMO'],
    [{ ADMIN_ID: 'root' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_ID: 'root', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ S3_BUCKET: 'Bad_Bucket' }, 'S3_BUCKET'],
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'qbank', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'qbank', S3_ENDPOINT: 'not a url' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'qbank', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
    [{ SIGNUP_PER_IP_PER_HOUR: '0' }, 'SIGNUP_PER_IP_PER_HOUR'],
    [{ S3_TIMEOUT_MS: '5000' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'qbank', S3_TIMEOUT_MS: '10' }, 'S3_TIMEOUT_MS'],
    [{ S3_BUCKET: 'qbank', S3_TIMEOUT_MS: 'soon' }, 'S3_TIMEOUT_MS'],
    [{ SHUTDOWN_DRAIN_MS: '-1' }, 'SHUTDOWN_DRAIN_MS'],
    [{ SHUTDOWN_DRAIN_MS: '1.5' }, 'SHUTDOWN_DRAIN_MS'],
  ])('refuses %o, naming %s', (env, name) => {
    expect(() => parseEnv({ DATA_DIR: dir, ...env })).toThrow(name);
  });

  it('reads the optional settings', () => {
    const config = configFromEnv(
      parseEnv({
        DATA_DIR: dir,
        PORT: '8080',
        DATABASE_URL: 'postgres://u@db/qbank',
        PUBLIC_URL: 'https://qbank.example.ac.kr/',
        CORS_ORIGINS: 'https://a.example, https://b.example/',
        ADMIN_ID: 'root',
        ADMIN_PASSWORD: 'long-enough-pw',
        SEED_DEMO: '0',
        TRUST_PROXY: '1',
        SHUTDOWN_DRAIN_MS: '0',
      }),
    );
    expect(config).toMatchObject({
      shutdownDrainMs: 0,
      port: 8080,
      databaseUrl: 'postgres://u@db/qbank',
      publicUrl: 'https://qbank.example.ac.kr',
      corsOrigins: ['https://a.example', 'https://b.example'],
      admin: { id: 'root', password: 'long-enough-pw' },
      seedDemo: 'never',
      trustProxy: true,
    });
  });

  it('keeps Redis and S3 off by default and reads them when set', () => {
    expect(configFromEnv(parseEnv({ DATA_DIR: dir }))).toMatchObject({ redisUrl: undefined, s3: undefined, rateLimits: { signupPerIpPerHour: 30 } });
    const config = configFromEnv(
      parseEnv({
        DATA_DIR: dir,
        REDIS_URL: 'redis://:pw@cache:6379/2',
        S3_ENDPOINT: 'http://minio:9000',
        S3_BUCKET: 'qbank-files',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: '1',
        SIGNUP_PER_IP_PER_HOUR: '2000',
        S3_TIMEOUT_MS: '4000',
      }),
    );
    expect(config).toMatchObject({
      redisUrl: 'redis://:pw@cache:6379/2',
      s3: {
        endpoint: 'http://minio:9000',
        bucket: 'qbank-files',
        region: 'us-east-1',
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
        forcePathStyle: true,
        timeoutMs: 4000,
      },
      rateLimits: { signupPerIpPerHour: 2000, loginFailuresPerId: 5 },
    });
    // Without keys the SDK's own chain (instance role, AWS_* variables) is used.
    expect(configFromEnv(parseEnv({ DATA_DIR: dir, S3_BUCKET: 'qbank-files' })).s3).toMatchObject({
      credentials: undefined,
      forcePathStyle: false,
      timeoutMs: 10_000,
    });
  });
});
