import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages, types } from '@electric-sql/pglite';
import { pgliteTemplateDump } from '../../test/test-db';
import { openDatabase, type DatabaseHandle } from '../client';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { PgliteThreadClient } from './client';
import { CONNECTION_WAIT_CHANNEL } from './protocol';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** PGlite in a worker thread (decision 0102), through the proxy alone and through drizzle. */
describe('PGlite in a worker thread', () => {
  let handle: DatabaseHandle;
  let client: PgliteThreadClient;
  let template: Blob;

  beforeAll(async () => {
    template = await pgliteTemplateDump();
    handle = await openDatabase({ dataDir: 'memory://', loadDataDir: template, migrate: false, pgliteThread: 'worker' });
    client = (handle.db as unknown as { $client: PgliteThreadClient }).$client;
    await client.exec(`
      create table items (id serial primary key, name text not null unique, at timestamptz not null default now());
      create table ledger (id int primary key, note text);
    `);
  });
  afterAll(() => handle.close());

  it('is the client behind the drizzle database, and keeps the schema the template had', async () => {
    expect(client).toBeInstanceOf(PgliteThreadClient);
    const rows = rowsOf<{ fee: number }>(await handle.db.execute(sql`select platform_fee_percent::int as fee from system_settings`));
    expect(rows).toEqual([{ fee: 10 }]);
  });

  it('answers in object and array row mode, with identity parsers applied in the worker', async () => {
    const text = `select 1 as one, timestamptz '2026-01-02 03:04:05+00' as at`;
    const objects = await client.query<{ one: number; at: Date }>(text);
    expect(objects.rows).toEqual([{ one: 1, at: new Date('2026-01-02T03:04:05Z') }]);
    expect(objects.fields.map((field) => field.name)).toEqual(['one', 'at']);

    const identity = (value: string) => value;
    const arrays = await client.query<unknown[]>(text, [], { rowMode: 'array', parsers: { [types.TIMESTAMPTZ]: identity } });
    expect(arrays.rows).toEqual([[1, '2026-01-02 03:04:05+00']]);
  });

  it('refuses a parser that is not the identity, since functions cannot cross threads', async () => {
    await expect(client.query('select 1', [], { parsers: { [types.INT4]: (value: string) => Number(value) * 2 } })).rejects.toThrow(
      'identity parsers only',
    );
  });

  it('keeps bigint, Uint8Array and Date values in both directions', async () => {
    const at = new Date('2025-06-07T08:09:10.123Z');
    const result = await client.query<{ big: bigint; bytes: Uint8Array; at: Date }>(
      'select $1::int8 as big, $2::bytea as bytes, $3::timestamptz as at',
      [9007199254740993n, new Uint8Array([0, 1, 254]), at],
    );
    expect(result.rows).toEqual([{ big: 9007199254740993n, bytes: new Uint8Array([0, 1, 254]), at }]);
  });

  it('reads and writes through drizzle, with its mapped rows and dates', async () => {
    await handle.db.execute(sql`insert into items (name, at) values ('first', '2026-03-04T05:06:07Z')`);
    const rows = rowsOf<{ name: string; at: string }>(await handle.db.execute(sql`select name, at from items where name = 'first'`));
    expect(rows).toEqual([{ name: 'first', at: '2026-03-04 05:06:07+00' }]);
  });

  it('commits a transaction whose callback resolves and rolls back one whose callback throws', async () => {
    const value = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into ledger (id, note) values (1, 'kept')`);
      return 'done';
    });
    expect(value).toBe('done');
    const failure = new Error('callback failed');
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into ledger (id, note) values (2, 'dropped')`);
        throw failure;
      }),
    ).rejects.toBe(failure);
    const rows = rowsOf<{ id: number }>(await handle.db.execute(sql`select id from ledger where id in (1, 2) order by id`));
    expect(rows).toEqual([{ id: 1 }]);
  });

  it('rolls back only the nested savepoint that failed', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into ledger (id, note) values (10, 'outer')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into ledger (id, note) values (11, 'inner')`);
          throw new Error('inner failed');
        })
        .catch(() => undefined);
      await tx.execute(sql`insert into ledger (id, note) values (12, 'after')`);
    });
    const rows = rowsOf<{ id: number }>(await handle.db.execute(sql`select id from ledger where id >= 10 order by id`));
    expect(rows).toEqual([{ id: 10 }, { id: 12 }]);
  });

  it("rolls back on the transaction's own rollback() and then refuses further statements", async () => {
    await client.transaction(async (tx) => {
      await tx.query(`insert into ledger (id, note) values (20, 'undone')`);
      await tx.rollback();
      expect(tx.closed).toBe(true);
      await expect(tx.query('select 1')).rejects.toThrow('Transaction is closed');
    });
    expect((await client.query('select id from ledger where id = 20')).rows).toEqual([]);
  });

  it("gives PostgreSQL's errors every field, as PGlite's DatabaseError", async () => {
    await handle.db.execute(sql`insert into items (name) values ('taken')`);
    const error = await handle.db.execute(sql`insert into items (name) values ('taken')`).catch((caught: Error) => caught);
    const cause = (error as Error & { cause: unknown }).cause;
    expect(cause).toBeInstanceOf(messages.DatabaseError);
    expect(cause).toMatchObject({
      code: '23505',
      severity: 'ERROR',
      constraint: 'items_name_key',
      table: 'items',
      schema: 'public',
      detail: 'Key (name)=(taken) already exists.',
      message: 'duplicate key value violates unique constraint "items_name_key"',
    });
    const syntax = await client.query('select * fromm items').catch((caught: unknown) => caught);
    expect(syntax).toMatchObject({ code: '42601', position: '10', query: 'select * fromm items' });
  });

  it('fails the statement, not the transaction handling, when a statement inside a transaction errs', async () => {
    const error = await client
      .transaction(async (tx) => {
        await tx.query(`insert into ledger (id) values (30)`);
        await tx.query(`insert into ledger (id) values (30)`);
      })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: '23505', table: 'ledger' });
    expect((await client.query('select id from ledger where id = 30')).rows).toEqual([]);
  });

  it('delivers a NOTIFY to the listener before the statement that sent it resolves, and stops after unlisten', async () => {
    const seen: string[] = [];
    const unlisten = await handle.listen('worker_test', (payload) => seen.push(payload));
    await handle.db.execute(sql`select pg_notify('worker_test', 'direct')`);
    expect(seen).toEqual(['direct']);

    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('worker_test', 'in transaction')`);
      // PostgreSQL sends it at COMMIT.
      expect(seen).toEqual(['direct']);
    });
    expect(seen).toEqual(['direct', 'in transaction']);

    await unlisten();
    await handle.db.execute(sql`select pg_notify('worker_test', 'after unlisten')`);
    expect(seen).toEqual(['direct', 'in transaction']);
  });

  it('makes a query outside an open transaction wait for its commit', async () => {
    let releaseTransaction!: () => void;
    const hold = new Promise<void>((resolve) => (releaseTransaction = resolve));
    let inserted!: () => void;
    const insertedPromise = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query(`insert into ledger (id, note) values (40, 'pending')`);
      inserted();
      await hold;
    });
    await insertedPromise;
    let outsideDone = false;
    const outside = client.query<{ note: string }>('select note from ledger where id = 40').then((result) => {
      outsideDone = true;
      return result.rows;
    });
    // A round trip through the worker for another statement of the open transaction.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outsideDone).toBe(false);
    releaseTransaction();
    await transaction;
    expect(await outside).toEqual([{ note: 'pending' }]);
  });

  it('publishes how long each statement waited for the connection: the whole open transaction for one that came meanwhile', async () => {
    const waits: number[] = [];
    const onWait = (waitedMs: unknown) => void waits.push(waitedMs as number);
    subscribe(CONNECTION_WAIT_CHANNEL, onWait);
    try {
      await client.query('select 1');
      expect(waits).toHaveLength(1);
      expect(waits[0]).toBeGreaterThanOrEqual(0);

      waits.length = 0;
      let opened!: () => void;
      const open = new Promise<void>((resolve) => (opened = resolve));
      const transaction = client.transaction(async (tx) => {
        opened();
        await tx.query('select 1');
        await new Promise((resolve) => setTimeout(resolve, 150));
      });
      await open;
      const asked = performance.now();
      await client.query('select 2');
      const roundTrip = performance.now() - asked;
      await transaction;
      // BEGIN's wait, then the outside statement's: it waited for the commit, the transaction's
      // statements published nothing of their own.
      expect(waits).toHaveLength(2);
      expect(waits[1]).toBeGreaterThanOrEqual(100);
      expect(waits[1]).toBeLessThanOrEqual(roundTrip);
    } finally {
      unsubscribe(CONNECTION_WAIT_CHANNEL, onWait);
    }
  });

  it('answers many concurrent queries each with its own result', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) => client.query<{ n: number }>('select $1::int * 2 as n', [index])),
    );
    expect(results.map((result) => result.rows[0]!.n)).toEqual(Array.from({ length: 50 }, (_, index) => index * 2));
  });

  it('leaves the event loop free while a statement runs', async () => {
    let timerFired = false;
    const timer = setTimeout(() => (timerFired = true), 20);
    await client.query('select pg_sleep(0.4)');
    clearTimeout(timer);
    expect(timerFired).toBe(true);
  });

  it('dumps its data directory, and a new worker starts from that dump', async () => {
    await client.query(`insert into ledger (id, note) values (50, 'in the dump')`);
    const dump = await handle.dumpDataDir!();
    expect(dump.size).toBeGreaterThan(0);
    const copy = await PgliteThreadClient.create({ dataDir: 'memory://', loadDataDir: dump });
    try {
      expect((await copy.query('select note from ledger where id = 50')).rows).toEqual([{ note: 'in the dump' }]);
    } finally {
      await copy.close();
    }
    // The dump is still readable after being sent.
    expect((await dump.arrayBuffer()).byteLength).toBe(dump.size);
  });

  it('ends the worker on close: later statements are refused', async () => {
    const other = await PgliteThreadClient.create({ dataDir: 'memory://', loadDataDir: template });
    expect((await other.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow('The PGlite worker thread exited');
  });

  it('fails to open on a data directory dump that is not one', async () => {
    await expect(PgliteThreadClient.create({ dataDir: 'memory://', loadDataDir: new Blob(['not a tarball']) })).rejects.toThrow();
  });
});
