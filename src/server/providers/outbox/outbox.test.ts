import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createOutboxPages, type OutboxMessageDto } from './outbox.pages';
import { insertOutboxMessage, listOutboxMessages } from './outbox.repository';
import { useOutboxTestDatabase } from './outbox.test-helpers';

let database: DatabaseHandle;
useOutboxTestDatabase((handle) => (database = handle));

const readMessages = async (query = '') => {
  const response = await createOutboxPages({ db: database.db }).request(`/messages${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: OutboxMessageDto[] }).messages;
};

describe('outbox repository', () => {
  it('lists newest first, also for messages written in one transaction', async () => {
    await database.db.transaction(async (tx) => {
      await insertOutboxMessage(tx, { channel: 'sms', recipient: '+15550000001', body: 'first' });
      await insertOutboxMessage(tx, { channel: 'sms', recipient: '+15550000001', body: 'second' });
    });
    await insertOutboxMessage(database.db, {
      channel: 'email',
      recipient: 'a@example.com',
      subject: 'S',
      body: 'third',
    });
    const rows = await listOutboxMessages(database.db);
    expect(rows.map((row) => row.body)).toEqual(['third', 'second', 'first']);
  });

  it('filters by channel and by recipient regardless of case, and honours the limit', async () => {
    await insertOutboxMessage(database.db, {
      channel: 'email',
      recipient: 'Ann@Example.com',
      subject: 'A',
      body: 'one',
    });
    await insertOutboxMessage(database.db, {
      channel: 'email',
      recipient: 'bob@example.com',
      subject: 'B',
      body: 'two',
    });
    await insertOutboxMessage(database.db, { channel: 'sms', recipient: '+15550000001', body: 'three' });
    expect((await listOutboxMessages(database.db, { channel: 'email' })).map((r) => r.body)).toEqual([
      'two',
      'one',
    ]);
    expect(
      (await listOutboxMessages(database.db, { recipient: 'ann@example.com' })).map((r) => r.body),
    ).toEqual(['one']);
    expect((await listOutboxMessages(database.db, { limit: 1 })).map((r) => r.body)).toEqual(['three']);
  });
});

describe('outbox pages', () => {
  it('GET /messages returns the messages as JSON with the action URL, filtered by the query', async () => {
    await insertOutboxMessage(database.db, {
      channel: 'email',
      recipient: 'ann@example.com',
      subject: 'Confirm',
      body: 'Confirm: http://localhost:3000/confirm?token=abc',
      data: { actionUrl: 'http://localhost:3000/confirm?token=abc' },
    });
    await insertOutboxMessage(database.db, {
      channel: 'sms',
      recipient: '+15550000001',
      body: 'Your code is 123456',
    });

    const sms = await readMessages('?channel=sms');
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({
      channel: 'sms',
      recipient: '+15550000001',
      body: 'Your code is 123456',
      subject: null,
    });
    expect(new Date(sms[0].created_at).toString()).not.toBe('Invalid Date');

    const emails = await readMessages('?recipient=ANN%40example.com');
    expect(emails).toHaveLength(1);
    expect(emails[0].action_url).toBe('http://localhost:3000/confirm?token=abc');
  });

  it('GET /messages rejects an unknown channel', async () => {
    const response = await createOutboxPages({ db: database.db }).request('/messages?channel=fax');
    expect(response.status).toBe(400);
  });

  it('GET / renders an accessible page with the email link clickable and other content escaped', async () => {
    await insertOutboxMessage(database.db, {
      channel: 'email',
      recipient: 'ann@example.com',
      subject: 'Confirm <b>now</b>',
      body: 'Hello <script>alert(1)</script>. Visit http://localhost:3000/confirm?token=a&b=1.',
      data: { actionUrl: 'http://localhost:3000/confirm?token=a&b=1', html: '<p onclick="x()">Hi</p>' },
    });
    await insertOutboxMessage(database.db, {
      channel: 'email',
      recipient: 'eve@example.com',
      subject: 'Bad link',
      body: 'nothing',
      data: { actionUrl: 'javascript:alert(1)' },
    });
    const response = await createOutboxPages({ db: database.db }).request('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = await response.text();

    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<title>Dev outbox</title>');
    expect(page).toContain('<h1>Dev outbox</h1>');
    expect(page).toContain(
      '<a href="http://localhost:3000/confirm?token=a&amp;b=1">Open the link in this message</a>',
    );
    // The address inside the text body is a link too, without the sentence's full stop.
    expect(page).toContain(
      '<a href="http://localhost:3000/confirm?token=a&amp;b=1">http://localhost:3000/confirm?token=a&amp;b=1</a>.',
    );
    expect(page).not.toContain('<script>');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('Confirm &lt;b&gt;now&lt;/b&gt;');
    expect(page).not.toContain('<p onclick');
    expect(page).not.toContain('href="javascript:');
    expect(page).toContain('ann@example.com');
    expect(page).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[^"]+Z">/);
  });

  it('GET / filters like the JSON route and says when nothing was sent', async () => {
    await insertOutboxMessage(database.db, { channel: 'sms', recipient: '+15550000001', body: 'Code 1' });
    const app = createOutboxPages({ db: database.db });
    const filtered = await (await app.request('/?channel=push')).text();
    expect(filtered).toContain('Nothing has been sent yet.');
    expect(filtered).toContain('<option value="push" selected>');
    const all = await (await app.request('/')).text();
    expect(all).toContain('Code 1');
    expect(all).toContain('1 message');
  });

  it('answers at the mount point the app uses', async () => {
    await insertOutboxMessage(database.db, { channel: 'sms', recipient: '+15550000001', body: 'Code 42' });
    const app = new Hono().route('/dev/outbox', createOutboxPages({ db: database.db }));
    const page = await app.request('/dev/outbox');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Code 42');
    const json = (await (await app.request('/dev/outbox/messages?channel=sms')).json()) as {
      messages: OutboxMessageDto[];
    };
    expect(json.messages.map((m) => m.body)).toEqual(['Code 42']);
  });
});
