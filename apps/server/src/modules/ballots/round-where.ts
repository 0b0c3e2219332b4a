import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The round part of a records filter: one round (resolved by the service), or, without one, every
 * unit's current round.
 */
export function roundWhere(column: PgColumn, roundId: number | undefined): SQL {
  return roundId === undefined
    ? sql`${column} IN (SELECT id FROM rounds WHERE state = 'current')`
    : eq(column, roundId);
}
