import { sql } from 'drizzle-orm';

/** A timestamptz column as the API's ISO 8601 text in UTC with milliseconds, or null (JSON written by Postgres). */
export const isoText = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
