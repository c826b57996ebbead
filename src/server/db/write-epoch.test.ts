import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '../test/test-db';
import type { DatabaseHandle } from './client';
import { authUsers, profiles, systemSettings } from './schema';
import { createWriteEpoch, MAX_REMEMBERED_KEYS, mayWrite, trackPgClientWrites, writeEpochOf } from './write-epoch';

describe('mayWrite', () => {
  it.each([
    ['select * from tasks where id = $1', false],
    ['  SELECT count(*) from profiles', false],
    ['with t as (select 1) select * from t', false],
    ['select "updated_at", "deleted" from tasks', false],
    ['execute task_details_read (\'a\', \'b\')', false],
    ['prepare task_details_read (uuid, uuid) as select 1', false],
    ['begin', false],
    ['savepoint sp1', false],
    ['insert into tasks (title) values ($1)', true],
    ['update "tasks" set "title" = $1', true],
    ['delete from reviews where id = $1', true],
    ['commit', true],
    ['with moved as (update tasks set status = $1 returning id) select * from moved', true],
    ['select * from tasks where id = $1 for update', true],
    ['select nextval(\'expert_map_version_seq\')', true],
    ['execute some_statement (1)', true],
    ['create index if not exists x on tasks (title)', true],
    ['truncate tasks', true],
  ])('%s -> %s', (text, expected) => {
    expect(mayWrite(text)).toBe(expected);
  });
});

describe('the write epoch of a database handle', () => {
  let handle: DatabaseHandle;
  let userId: string;

  beforeAll(async () => {
    handle = await createTestDatabase();
    userId = crypto.randomUUID();
    await handle.db.insert(authUsers).values({ id: userId, email: `${userId}@example.com`, name: 'Ada', emailVerified: true });
    await handle.db.insert(profiles).values({ id: userId, email: `${userId}@example.com`, first_name: 'Ada' });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('is registered for the handle Db', () => {
    expect(writeEpochOf(handle.db)).toBe(handle.writes);
  });

  it('stays put on reads and moves once a write has completed', async () => {
    const before = handle.writes.current();
    await handle.db.select().from(profiles).where(eq(profiles.id, userId));
    await handle.db.execute(sql`select count(*) from profiles`);
    expect(handle.writes.current()).toBe(before);
    const write = handle.db.update(profiles).set({ first_name: 'Grace' }).where(eq(profiles.id, userId));
    await write;
    expect(handle.writes.current()).toBeGreaterThan(before);
  });

  it('moves again when a transaction ends, after the statements inside it', async () => {
    let inside = 0;
    await handle.db.transaction(async (tx) => {
      await tx.update(profiles).set({ first_name: 'Lin' }).where(eq(profiles.id, userId));
      inside = handle.writes.current();
    });
    expect(handle.writes.current()).toBeGreaterThan(inside);
  });

  it("moves a watched table's version only for writes naming it, and again when their transaction ends", async () => {
    const settings = () => handle.writes.tableVersion('system_settings');
    const start = settings();
    await handle.db.update(profiles).set({ first_name: 'Ada' }).where(eq(profiles.id, userId));
    await handle.db.select().from(systemSettings);
    expect(settings()).toBe(start);
    await handle.db.update(systemSettings).set({ footer_text: 'Footer' }).where(eq(systemSettings.id, 1));
    expect(settings()).toBeGreaterThan(start);
    let inside = 0;
    await handle.db.transaction(async (tx) => {
      await tx.update(systemSettings).set({ footer_text: null }).where(eq(systemSettings.id, 1));
      inside = settings();
    });
    // A read made between the UPDATE and the COMMIT saw the old row: the COMMIT moves it again.
    expect(settings()).toBeGreaterThan(inside);
    const afterWrites = settings();
    await handle.db.transaction(async (tx) => {
      await tx.update(profiles).set({ first_name: 'Grace' }).where(eq(profiles.id, userId));
    });
    expect(settings()).toBe(afterWrites);
  });

  it('moves when a write fails too (it may have done part of its work)', async () => {
    const before = handle.writes.current();
    await expect(handle.db.execute(sql`update profiles set id = null where id = ${userId}`)).rejects.toThrow();
    expect(handle.writes.current()).toBeGreaterThan(before);
  });
});

describe('a node-postgres client tracked for writes', () => {
  function fakeClient() {
    const seen: string[] = [];
    return {
      seen,
      query(text: unknown, ...rest: unknown[]) {
        seen.push(typeof text === 'string' ? text : (text as { text: string }).text);
        const callback = rest.find((arg) => typeof arg === 'function') as ((error: null, result: unknown) => void) | undefined;
        if (callback) {
          setTimeout(() => callback(null, { rows: [] }), 1);
          return undefined;
        }
        return new Promise((resolve) => setTimeout(() => resolve({ rows: [] }), 1));
      },
    };
  }

  it('moves the epoch before the caller sees a write answer, in callback and promise form', async () => {
    const epoch = createWriteEpoch({ remoteLive: true });
    const client = fakeClient();
    trackPgClientWrites(client, epoch);
    const start = epoch.current();
    const epochInCallback = await new Promise<number>((resolve) => {
      client.query('update tasks set title = $1', ['x'], () => resolve(epoch.current()));
    });
    expect(epochInCallback).toBe(start + 1);
    await client.query({ text: 'select 1' });
    expect(epoch.current()).toBe(start + 1);
    await client.query({ text: 'commit' });
    // The COMMIT, and the tables written in the transaction moved once more (a read between the
    // statement and the COMMIT saw the old rows).
    expect(epoch.current()).toBeGreaterThan(start + 1);
  });

  it('trusts nothing while writes by other processes cannot be heard', () => {
    const epoch = createWriteEpoch({ remoteLive: false });
    expect(epoch.isCurrent(epoch.current())).toBe(false);
    epoch.setRemoteLive(true);
    expect(epoch.isCurrent(epoch.current())).toBe(true);
    const seen = epoch.current();
    epoch.setRemoteLive(false);
    epoch.setRemoteLive(true);
    // What was read before the listener dropped may have missed a change made meanwhile.
    expect(epoch.isCurrent(seen)).toBe(false);
  });

  it("moves a watched table's version on a pooled client's write naming it, and at that transaction's COMMIT", async () => {
    const epoch = createWriteEpoch({ remoteLive: true });
    const client = fakeClient();
    trackPgClientWrites(client, epoch);
    const version = () => epoch.tableVersion('system_settings');
    const start = version();
    await client.query('begin');
    await client.query({ text: 'update "tasks" set "title" = $1' });
    await client.query('commit');
    expect(version()).toBe(start);
    await client.query('begin');
    await client.query({ text: 'update "system_settings" set "maintenance_mode" = $1 where "system_settings"."id" = $2' });
    const inside = version();
    expect(inside).toBeGreaterThan(start);
    await client.query('commit');
    expect(version()).toBeGreaterThan(inside);
    const committed = version();
    await client.query('begin');
    await client.query({ text: 'insert into system_settings_history (x) values (1)' });
    await client.query('commit');
    expect(version()).toBe(committed);
  });

  it("moves a watched table's version when another process names it or an unknown table", () => {
    const epoch = createWriteEpoch({ remoteLive: true });
    const start = epoch.tableVersion('system_settings');
    epoch.heard('tasks');
    expect(epoch.isTableCurrent('system_settings', start)).toBe(true);
    expect(epoch.isCurrent(start)).toBe(false);
    epoch.heard('system_settings');
    expect(epoch.isTableCurrent('system_settings', start)).toBe(false);
    const next = epoch.tableVersion('system_settings');
    epoch.heard(null);
    expect(epoch.isTableCurrent('system_settings', next)).toBe(false);
    const last = epoch.tableVersion('system_settings');
    epoch.setRemoteLive(false);
    expect(epoch.isTableCurrent('system_settings', epoch.tableVersion('system_settings'))).toBe(false);
    epoch.setRemoteLive(true);
    expect(epoch.isTableCurrent('system_settings', last)).toBe(false);
  });
});

describe('a read that says what it depends on (isCurrentFor)', () => {
  const reads = { tables: ['tasks', 'profiles', 'auth_users'], keys: ['tasks:x'] };

  it('survives writes to other tables and changes announced for other keys', () => {
    const epoch = createWriteEpoch({ remoteLive: true });
    const started = epoch.current();
    epoch.wrote('insert into notifications (user_id) values ($1)');
    epoch.heard('messages');
    epoch.heard('tasks', 'y');
    expect(epoch.isCurrent(started)).toBe(false);
    expect(epoch.isCurrentFor(started, reads)).toBe(true);
  });

  it('ends with a write to one of its tables, a change to its key, or to its table elsewhere', () => {
    const epoch = createWriteEpoch({ remoteLive: true });
    let started = epoch.current();
    epoch.wrote('update profiles set first_name = $1');
    expect(epoch.isCurrentFor(started, reads)).toBe(false);
    started = epoch.current();
    epoch.heard('tasks', 'x');
    expect(epoch.isCurrentFor(started, reads)).toBe(false);
    started = epoch.current();
    epoch.heard('tasks');
    expect(epoch.isCurrentFor(started, reads)).toBe(false);
    // A suspension elsewhere is heard as its sessions' deletion (auth_users has no trigger).
    started = epoch.current();
    epoch.heard('auth_sessions');
    expect(epoch.isCurrentFor(started, reads)).toBe(false);
  });

  it('ends with an unknown write, an unknown change elsewhere, and while the listener is down', () => {
    const epoch = createWriteEpoch({ remoteLive: true });
    let started = epoch.current();
    epoch.wrote(null);
    expect(epoch.isCurrentFor(started, reads)).toBe(false);
    started = epoch.current();
    epoch.heard(null);
    expect(epoch.isCurrentFor(started, { tables: [] })).toBe(false);
    started = epoch.current();
    epoch.setRemoteLive(false);
    expect(epoch.isCurrentFor(epoch.current(), reads)).toBe(false);
    epoch.setRemoteLive(true);
    expect(epoch.isCurrentFor(started, reads)).toBe(false);
    expect(epoch.isCurrentFor(epoch.current(), reads)).toBe(true);
  });

  it('counts a key it no longer remembers as moved when the last forgotten one did', () => {
    const epoch = createWriteEpoch({ remoteLive: true });
    const started = epoch.current();
    for (let i = 0; i <= MAX_REMEMBERED_KEYS; i++) epoch.heard('tasks', `k${i}`);
    // k0 was forgotten: a read of it that started before its move must not be trusted.
    expect(epoch.isCurrentFor(started, { tables: [], keys: ['tasks:k0'] })).toBe(false);
    expect(epoch.isCurrentFor(epoch.current(), { tables: [], keys: ['tasks:k0'] })).toBe(true);
  });
});
