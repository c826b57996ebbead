import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createOutboxPages, type OutboxMessageDto } from '../outbox/outbox.pages';
import { createFcmPushSender } from './fcm-adapter';
import { createPushSender, type PushMessage, type PushSender } from './index';
import { createOutboxPushSender } from './outbox-adapter';
import { useOutboxTestDatabase } from '../outbox/outbox.test-helpers';
import { startFcmStandIn, type FcmStandIn } from './fcm.test-helpers';

let database: DatabaseHandle;
useOutboxTestDatabase((handle) => (database = handle));

const serviceAccount = {
  project_id: 'demo-project',
  client_email: 'push@demo-project.iam.gserviceaccount.com',
  private_key: generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString(),
};

async function outboxPush() {
  const response = await createOutboxPages({ db: database.db }).request('/messages?channel=push');
  return ((await response.json()) as { messages: OutboxMessageDto[] }).messages;
}

const message: PushMessage = {
  token: 'device-1',
  title: 'Task assigned',
  body: 'You got the job',
  data: { taskId: 't9', count: 2 },
};

describe('outbox push sender', () => {
  it('writes a row the outbox JSON route returns, with data as strings', async () => {
    await createOutboxPushSender({ db: database.db }).send(message);
    const [row] = await outboxPush();
    expect(row).toMatchObject({
      channel: 'push',
      recipient: 'device-1',
      subject: 'Task assigned',
      body: 'You got the job',
      data: { data: { taskId: 't9', count: '2' } },
    });
  });
});

describe('both push adapters honour the same contract', () => {
  let google: FcmStandIn;
  beforeAll(async () => (google = await startFcmStandIn()));
  afterAll(() => google.close());
  type Delivered = { token: string; title: string; body: string; data: Record<string, string> | undefined };
  const adapters: Array<[string, () => { sender: PushSender; delivered: () => Promise<Delivered> }]> = [
    [
      'fcm',
      () => ({
        sender: createFcmPushSender({ serviceAccount: google.account, apiBaseUrl: google.apiBaseUrl }),
        delivered: async () => {
          const { message: m } = JSON.parse(google.sendRequests[0].body);
          return { token: m.token, title: m.notification.title, body: m.notification.body, data: m.data };
        },
      }),
    ],
    [
      'outbox',
      () => ({
        sender: createOutboxPushSender({ db: database.db }),
        delivered: async () => {
          const [row] = await outboxPush();
          return {
            token: row.recipient,
            title: row.subject ?? '',
            body: row.body,
            data: (row.data as { data?: Record<string, string> })?.data,
          };
        },
      }),
    ],
  ];

  it.each(adapters)(
    '%s: resolves and delivers title, body and string data to the token',
    async (_name, make) => {
      const { sender, delivered } = make();
      await expect(sender.send(message)).resolves.toBeUndefined();
      expect(await delivered()).toEqual({
        token: 'device-1',
        title: 'Task assigned',
        body: 'You got the job',
        data: { taskId: 't9', count: '2' },
      });
    },
  );
});

describe('createPushSender', () => {
  it('uses FCM when the service account is set and the outbox otherwise', () => {
    expect(
      createPushSender({ db: database.db, serviceAccountJson: JSON.stringify(serviceAccount) }).kind,
    ).toBe('fcm');
    expect(createPushSender({ db: database.db }).kind).toBe('outbox');
  });
});
