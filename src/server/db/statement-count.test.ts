import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { describe, expect, it } from 'vitest';
import { requestContext } from '../ops/logger';
import { createTestDatabase } from '../test/test-db';

/**
 * The request line's `queries` (statement-count.ts) on PostgreSQL while every pooled connection is
 * busy: pg-pool calls a waiting query's callback from whoever releases a connection, so without
 * client.ts' keepCallersContext the statement counted on the releaser's request instead.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)('statements counted while the pool is full (PostgreSQL)', () => {
  it('count on the request that sent them, not on the one that freed the connection', async () => {
    const handle = await createTestDatabase();
    const pool = (handle.db as unknown as { $client: Pool }).$client;
    const held = await Promise.all(Array.from({ length: pool.options.max ?? 10 }, () => pool.connect()));
    const release = () => held.splice(0).forEach((client) => client.release());
    try {
      const first = { reqId: 'first', queries: 0 };
      const second = { reqId: 'second', queries: 0 };
      const releaser = { reqId: 'releaser', queries: 0 };
      // As a request's handler does: the statement is awaited (drizzle's queries start on then) in its context.
      const sent = [
        requestContext.run(first, async () => handle.db.execute(sql`select 1 as one`)),
        requestContext.run(second, async () => handle.db.execute(sql`select 2 as two`)),
      ];
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(pool.waitingCount).toBe(2);
      // Freed from another request, as the end of its work would.
      requestContext.run(releaser, release);
      await Promise.all(sent);
      expect({ first: first.queries, second: second.queries, releaser: releaser.queries }).toEqual({ first: 1, second: 1, releaser: 0 });
    } finally {
      release();
      await handle.close();
    }
  });
});
