import { describe, expect, it } from 'vitest';
import { TableChecksum, toPostgres, type MovedColumn } from './db-move-values';

// The move's checksum (decision 131): independent of row order and of how each database spells a
// value, and still different when a value differs.

const columns: MovedColumn[] = [
  { name: 'code', type: 'bigint' },
  { name: 'done', type: 'boolean' },
  { name: 'minutes', type: 'real' },
  { name: 'at', type: 'timestamp with time zone' },
  { name: 'body', type: 'text' },
];

function sum(rows: Record<string, unknown>[]): string {
  const checksum = new TableChecksum(columns);
  for (const row of rows) checksum.add(row);
  return checksum.hex();
}

describe('the move checksum', () => {
  // As SQLite gives them (integers as BigInt, 0/1, doubles, text timestamps) …
  const sqliteRows = [
    { code: 1n, done: 1n, minutes: 0.1, at: '2026-11-27T10:00:00.000Z', body: '심근경색' },
    { code: 9007199254740993n, done: 0n, minutes: 25, at: '2026-11-27T10:00:00Z', body: null },
  ];
  // … and as PostgreSQL hands them back (bigint as text, booleans, a real's shortest spelling, a Date).
  const postgresRows = [
    { code: '9007199254740993', done: false, minutes: 25, at: new Date('2026-11-27T10:00:00Z'), body: null },
    { code: '1', done: true, minutes: 0.1, at: new Date('2026-11-27T10:00:00Z'), body: '심근경색' },
  ];

  it('is equal for the same rows in another order and spelling', () => {
    expect(sum(postgresRows)).toBe(sum(sqliteRows));
  });

  it('differs when one value differs, and when a row is repeated', () => {
    expect(sum([{ ...sqliteRows[0]!, body: '심근경색 ' }, sqliteRows[1]!])).not.toBe(sum(sqliteRows));
    expect(sum([sqliteRows[0]!, sqliteRows[1]!, sqliteRows[1]!])).not.toBe(sum(sqliteRows));
    expect(sum([{ ...sqliteRows[0]!, code: 2n }, sqliteRows[1]!])).not.toBe(sum(sqliteRows));
  });

  it('hands the driver booleans for 0/1 and every digit of a large integer', () => {
    expect(toPostgres(1n, { name: 'done', type: 'boolean' })).toBe(true);
    expect(toPostgres(0n, { name: 'done', type: 'boolean' })).toBe(false);
    expect(toPostgres(9007199254740993n, { name: 'code', type: 'bigint' })).toBe('9007199254740993');
    expect(toPostgres(null, { name: 'code', type: 'bigint' })).toBeNull();
  });
});
