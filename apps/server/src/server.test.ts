import { describe, expect, it } from 'vitest';
import { demoSeedWanted } from './server';

describe('demoSeedWanted', () => {
  it('seeds the zero-configuration SQLite start when the database is empty', () => {
    expect(demoSeedWanted({ seedDemo: 'auto', databaseUrl: undefined }, 0)).toBe(true);
    expect(demoSeedWanted({ seedDemo: 'auto', databaseUrl: undefined }, 1)).toBe(false);
  });

  it('never seeds a PostgreSQL database unless SEED_DEMO=1 asks', () => {
    const url = 'postgres://db.example/qbank';
    expect(demoSeedWanted({ seedDemo: 'auto', databaseUrl: url }, 0)).toBe(false);
    expect(demoSeedWanted({ seedDemo: 'always', databaseUrl: url }, 5)).toBe(true);
  });

  it('SEED_DEMO=0 turns seeding off everywhere', () => {
    expect(demoSeedWanted({ seedDemo: 'never', databaseUrl: undefined }, 0)).toBe(false);
  });
});
