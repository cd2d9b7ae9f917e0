import { asc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/**
 * The rows of `table` that `where` keeps, cut into runs of `perRun` in the order of `id`: how many there
 * are, and the first id of each run. Reads only the ids (off the primary key's order), so the caller can
 * then read any run by an id range: keyset paging over a long list (the sitemap's files).
 */
export async function findIdRuns(
  executor: Executor,
  source: { table: PgTable; id: AnyColumn; where: SQL | undefined },
  perRun: number,
): Promise<{ total: number; firstIds: string[] }> {
  const numbered = executor
    .select({
      id: sql<string>`${source.id}`.as('id'),
      position: sql<number>`row_number() over (order by ${source.id})`.as('position'),
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(source.table)
    .where(source.where)
    .as('numbered');
  const rows = await executor
    .select({ id: numbered.id, total: sql<number>`${numbered.total}`.mapWith(Number) })
    .from(numbered)
    .where(sql`(${numbered.position} - 1) % ${perRun}::bigint = 0`)
    .orderBy(asc(numbered.id));
  return { total: rows[0]?.total ?? 0, firstIds: rows.map((row) => row.id) };
}
