/** The two databases qbank runs on; the SQL that differs between them branches on this. */
export type Dialect = 'sqlite' | 'postgres';
