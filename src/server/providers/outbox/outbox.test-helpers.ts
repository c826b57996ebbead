import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { devOutbox } from '../../db/schema';
import { createTestDatabase } from '../../test/test-db';

/**
 * One test database for a whole test file, handed to `receive`, with the dev outbox emptied before
 * each test (the outbox-backed senders' tests read it back) and closed after the last.
 */
export function useOutboxTestDatabase(receive: (database: DatabaseHandle) => void): void {
  let database: DatabaseHandle | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    receive(database);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database!.db.delete(devOutbox);
  });
}
