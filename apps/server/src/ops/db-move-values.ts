import { createHash } from 'node:crypto';

// Values on their way from SQLite to PostgreSQL, and the checksum that compares the two sides.
// Both sides are read back and written in one canonical form per PostgreSQL column type, so
// SQLite's 0/1 and PostgreSQL's booleans, a text timestamp and a timestamptz, a double and a real
// rounded to four bytes compare equal when they mean the same, and differ when they do not.

/** A target column: its name and PostgreSQL type (information_schema's data_type). */
export interface MovedColumn {
  name: string;
  type: string;
}

const INTEGER_TYPES = new Set(['smallint', 'integer', 'bigint']);
const TIME_TYPES = new Set(['timestamp without time zone', 'timestamp with time zone', 'date']);

/** What the pg driver is given for a value read from SQLite (integers are read as BigInt, never rounded). */
export function toPostgres(value: unknown, column: MovedColumn): unknown {
  if (value === null || value === undefined) return null;
  if (column.type === 'boolean') return Number(value) !== 0;
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** One value in the form both sides agree on. */
function canonical(value: unknown, column: MovedColumn): string {
  if (value === null || value === undefined) return '\u0000null';
  if (INTEGER_TYPES.has(column.type)) return BigInt(value as string | number | bigint).toString();
  if (column.type === 'real') return String(Math.fround(Number(value)));
  if (column.type === 'double precision' || column.type === 'numeric') return String(Number(value));
  if (column.type === 'boolean') return value === true || (value !== false && Number(value) !== 0) ? 't' : 'f';
  if (TIME_TYPES.has(column.type)) return new Date(value as string | Date).toISOString();
  if (Buffer.isBuffer(value)) return value.toString('hex');
  return String(value);
}

const MOD = 1n << 128n;

/**
 * An order-independent checksum of a table: each row's SHA-256 (of its values in canonical form,
 * in column order) taken as a 128-bit number, summed modulo 2^128. A sum, not an exclusive or, so
 * two equal rows do not cancel out.
 */
export class TableChecksum {
  #sum = 0n;
  rows = 0;

  constructor(private readonly columns: readonly MovedColumn[]) {}

  add(row: Record<string, unknown>): void {
    const text = JSON.stringify(this.columns.map((column) => canonical(row[column.name], column)));
    const digest = createHash('sha256').update(text).digest();
    this.#sum = (this.#sum + digest.readBigUInt64BE(0) * (1n << 64n) + digest.readBigUInt64BE(8)) % MOD;
    this.rows += 1;
  }

  hex(): string {
    return this.#sum.toString(16).padStart(32, '0');
  }
}
