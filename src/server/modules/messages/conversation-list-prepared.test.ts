import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaskAt } from '../../test/builders';
import { oneConnectionTo } from '../../test/one-connection';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { readConversationList } from './conversation-list-read';

/**
 * Issue 55: PostgreSQL planned the conversation list's statement on every request, in about 2 ms,
 * twice as long as it ran. It is now prepared once per pooled connection (definePreparedRead).
 */
const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)('the conversation list as a statement prepared once per connection (PostgreSQL)', () => {
  let t: TestApp;
  let client: TestUser;
  let expert: TestUser;
  let connection: ReturnType<typeof oneConnectionTo>;
  beforeAll(async () => {
    t = await createTestApp();
    client = await t.createUser('client');
    expert = await t.createUser('expert');
    await createTaskAt(t.db, { status: 'in_progress', clientId: client.id, expertId: expert.id });
    connection = oneConnectionTo(t.db);
  });
  afterAll(async () => {
    await connection?.close();
    await t?.close();
  });

  it('is parsed once on its connection and run by name for every caller', async () => {
    const forClient = await readConversationList(connection.db, client.id);
    const forExpert = await readConversationList(connection.db, expert.id);
    await readConversationList(connection.db, client.id);
    expect(forClient.party).toHaveLength(1);
    expect(forClient.party[0]).toMatchObject({ client_id: client.id, expert_id: expert.id, other: { id: expert.id } });
    expect(forExpert).toMatchObject({ is_expert: true, party: [{ other: { id: client.id } }] });
    expect(await connection.prepared('conversation_list')).toEqual([{ name: 'conversation_list_read', runs: 3 }]);
  });
});
