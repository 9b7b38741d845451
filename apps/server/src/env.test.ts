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
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', databaseUrl: undefined, publicUrl: 'http://localhost:3000', seedDemo: 'auto', passwordHashCost: 'production' });
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
      }),
    );
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@db/qbank',
      publicUrl: 'https://qbank.example.ac.kr',
      corsOrigins: ['https://a.example', 'https://b.example'],
      admin: { id: 'root', password: 'long-enough-pw' },
      seedDemo: 'never',
      trustProxy: true,
    });
  });
});
