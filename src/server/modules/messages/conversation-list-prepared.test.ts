import { expect, it } from 'vitest';
import { createTaskAt } from '../../test/builders';
import { describeOnPostgres, useOneConnection } from '../../test/one-connection';
import { readConversationList } from './conversation-list-read';

/**
 * Issue 55: PostgreSQL planned the conversation list's statement on every request, in about 2 ms,
 * twice as long as it ran. It is now prepared once per pooled connection (definePreparedRead).
 */
describeOnPostgres('the conversation list as a statement prepared once per connection (PostgreSQL)', () => {
  const suite = useOneConnection(async (t) => {
    const client = await t.createUser('client');
    const expert = await t.createUser('expert');
    await createTaskAt(t.db, { status: 'in_progress', clientId: client.id, expertId: expert.id });
    return { client, expert };
  });

  it('is parsed once on its connection and run by name for every caller', async () => {
    const { connection, seeded: { client, expert } } = suite;
    const forClient = await readConversationList(connection.db, client.id);
    const forExpert = await readConversationList(connection.db, expert.id);
    await readConversationList(connection.db, client.id);
    expect(forClient.party).toHaveLength(1);
    expect(forClient.party[0]).toMatchObject({ client_id: client.id, expert_id: expert.id, other: { id: expert.id } });
    expect(forExpert).toMatchObject({ is_expert: true, party: [{ other: { id: client.id } }] });
    expect(await connection.prepared('conversation_list')).toEqual([{ name: 'conversation_list_read', runs: 3 }]);
  });
});
