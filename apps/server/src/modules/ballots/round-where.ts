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

/** The source part of a records filter on a ballot table: its submission came from 线上 or 纸质. */
export function sourceIs(submissionId: PgColumn, source: 'online' | 'paper'): SQL {
  return sql`${submissionId} IN (SELECT id FROM submissions WHERE source = ${source})`;
}
