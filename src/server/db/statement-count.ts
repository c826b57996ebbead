import { requestContext } from '../ops/logger';

/**
 * One statement sent to the database: counted on the request being served, if any, for its log
 * line (`queries`). On this kind of machine a statement's round trip costs the server more than
 * building it (docs/performance.md, issue 55), so the count per route is what to watch. Work outside
 * a request (jobs, timers, the bus) counts nowhere. On PGlite a transaction's BEGIN and COMMIT are
 * PGlite's own and are not counted; on PostgreSQL they are statements like any other.
 */
export function countStatement(): void {
  const context = requestContext.getStore();
  if (context) context.queries += 1;
}
