import { randomBytes } from 'node:crypto';
import pg from 'pg';

// A PostgreSQL database of its own for a test that works on whole databases (backup and restore,
// the database move): the harness's per-file schemas share one database with the other files.

export interface FreshPostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function freshPostgresDatabase(serverUrl: string, prefix: string): Promise<FreshPostgresDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}
