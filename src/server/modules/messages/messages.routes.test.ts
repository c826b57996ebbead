import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as texts } from '@shared/messages';
import type { ChatMessageDto, ChatThreadDto, ConversationDto } from '@shared/schemas/chat.schemas';
import {
  castOf,
  createTasksTestApp,
  expectError,
  imageFile,
  okJson,
  taskAt,
  type Cast,
  type TasksTestApp,
} from '../tasks/tasks.test-helpers';

let h: TasksTestApp;
let cast: Cast;
let taskId: string;

beforeAll(async () => {
  h = await createTasksTestApp();
  cast = await castOf(h);
  // otherExpert applied too (a rival who was not hired).
  taskId = (await taskAt(h, cast, 'in_progress', { rival: true })).task.id;
});
afterAll(() => h.close());

const send = (cookie: string, content: unknown, id = taskId) => {
  h.clock.advance(1_000);
  return h.request('POST', `/api/tasks/${id}/messages`, { body: { content }, cookie });
};
const thread = (cookie: string, id = taskId) => h.request('GET', `/api/tasks/${id}/messages`, { cookie });
const fileForm = (file: File) => {
  const form = new FormData();
  form.set('file', file);
  return form;
};
const pdf = (size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set(Array.from('%PDF-1.7\n', (c) => c.charCodeAt(0)));
  return new File([bytes], 'report.pdf', { type: 'application/pdf' });
};

describe('task chat', () => {
  it('passes text between the client and the accepted expert, oldest first, trimmed', async () => {
    const sent = await okJson<{ message: ChatMessageDto }>(await send(cast.client.cookie, '  Hello <b>there</b>  '), 201);
    expect(sent.message).toMatchObject({ content: 'Hello <b>there</b>', sender_id: cast.client.id, receiver_id: cast.expert.id, read: false });
    await okJson(await send(cast.expert.cookie, 'Hi! On my way.'), 201);
    const body = await okJson<ChatThreadDto>(await thread(cast.client.cookie));
    // The sent message's card is the one the thread shows for it (name and picture of the sender).
    expect(sent.message.sender).toEqual(body.messages[0]!.sender);
    expect(sent.message.sender.first_name).toBeTruthy();
    expect(body.messages.map((m) => m.content)).toEqual(['Hello <b>there</b>', 'Hi! On my way.']);
    expect(body.can_send).toBe(true);
  });

  it('keeps the order messages were sent in when they share a millisecond', async () => {
    const sameInstant = (cookie: string, content: string) =>
      h.request('POST', `/api/tasks/${taskId}/messages`, { body: { content }, cookie });
    const contents = ['tie 1', 'tie 2', 'tie 3', 'tie 4', 'tie 5', 'tie 6'];
    for (const [index, content] of contents.entries()) {
      await okJson(await sameInstant(index % 2 === 0 ? cast.client.cookie : cast.expert.cookie, content), 201);
    }
    const body = await okJson<ChatThreadDto>(await thread(cast.client.cookie));
    expect(body.messages.map((m) => m.content).filter((c) => c.startsWith('tie '))).toEqual(contents);
    const list = await okJson<{ conversations: ConversationDto[] }>(
      await h.request('GET', '/api/conversations', { cookie: cast.expert.cookie }),
    );
    expect(list.conversations.find((c) => c.task_id === taskId)?.last_message?.content).toBe('tie 6');
  });

  it('refuses an empty message after trimming, and a non-string, with the clear text', async () => {
    expect(await expectError(await send(cast.client.cookie, '   \n '), 400)).toBe(texts.chat.messageEmpty);
    expect((await send(cast.client.cookie, 42)).status).toBe(400);
  });

  it('makes a message read when its receiver fetches the chat, not when the sender does', async () => {
    await okJson(await send(cast.expert.cookie, 'Are the keys under the mat?'), 201);
    await okJson(await thread(cast.expert.cookie));
    let list = await okJson<{ conversations: ConversationDto[] }>(await h.request('GET', '/api/conversations', { cookie: cast.client.cookie }));
    // The client read the expert's first reply when fetching the chat earlier; this one is new.
    expect(list.conversations.find((c) => c.task_id === taskId)?.unread_count).toBe(1);
    // The answer that marks it shows it read already, like every older message of the chat.
    const opened = await okJson<ChatThreadDto>(await thread(cast.client.cookie));
    const newest = opened.messages.at(-1)!;
    expect(newest).toMatchObject({ content: 'Are the keys under the mat?', sender_id: cast.expert.id, read: true });
    expect(opened.messages.every((message) => message.read || message.receiver_id !== cast.client.id)).toBe(true);
    list = await okJson(await h.request('GET', '/api/conversations', { cookie: cast.client.cookie }));
    const entry = list.conversations.find((c) => c.task_id === taskId)!;
    expect(entry.unread_count).toBe(0);
    expect(entry.last_message?.content).toBe('Are the keys under the mat?');
    expect(entry.other_party?.id).toBe(cast.expert.id);
  });

  it('marks live arrivals read through POST /messages/read', async () => {
    await okJson(await send(cast.client.cookie, 'Yes they are.'), 201);
    const result = await okJson<{ updated: number }>(await h.request('POST', `/api/tasks/${taskId}/messages/read`, { cookie: cast.expert.cookie }));
    expect(result.updated).toBe(1);
  });

  it('refuses everyone else with the spec texts; an admin may read but not write', async () => {
    // A rival applicant still sees the task but not its chat.
    expect(await expectError(await thread(cast.otherExpert.cookie), 403)).toBe(texts.chat.mustBeAccepted);
    expect(await expectError(await send(cast.otherExpert.cookie, 'hi'), 403)).toBe(texts.chat.mustBeAccepted);
    // An expert who never applied cannot see a task that is no longer open.
    const stranger = await h.createUser('expert');
    expect(await expectError(await thread(stranger.cookie), 404)).toBe(texts.tasks.notFound);
    expect((await send(stranger.cookie, 'hi')).status).toBe(404);
    // Another client cannot even see the task.
    expect(await expectError(await thread(cast.otherClient.cookie), 404)).toBe(texts.tasks.notFound);
    expect((await send(cast.otherClient.cookie, 'hi')).status).toBe(404);
    const admin = await okJson<ChatThreadDto>(await thread(cast.admin.cookie));
    expect(admin.messages.length).toBeGreaterThan(0);
    expect(admin.can_send).toBe(false);
    expect((await send(cast.admin.cookie, 'hi')).status).toBe(403);
    expect((await h.request('GET', `/api/tasks/${taskId}/messages`)).status).toBe(401);
    expect((await thread(cast.client.cookie, 'not-a-uuid')).status).toBe(404);
  });

  it('has no chat before an expert is assigned', async () => {
    const open = await taskAt(h, cast, 'open');
    expect(await expectError(await thread(cast.client.cookie, open.task.id), 409)).toBe(texts.chat.partiesOnly);
    expect(await expectError(await thread(cast.expert.cookie, open.task.id), 403)).toBe(texts.chat.mustBeAccepted);
  });

  it('is read-only once the task is closed', async () => {
    const done = await taskAt(h, cast, 'verified');
    const body = await okJson<ChatThreadDto>(await thread(cast.client.cookie, done.task.id));
    expect(body.can_send).toBe(false);
    expect(body.read_only_reason).toBe(texts.chat.readOnly);
    expect(await expectError(await send(cast.client.cookie, 'late', done.task.id), 409)).toBe(texts.chat.readOnly);
  });

  it('lists the newest conversation first, each with its own last message, ISO time and other party', async () => {
    const second = (await taskAt(h, cast, 'in_progress')).task.id;
    await okJson(await send(cast.expert.cookie, 'On the second task now', second), 201);
    let list = await okJson<{ conversations: ConversationDto[] }>(await h.request('GET', '/api/conversations', { cookie: cast.client.cookie }));
    const order = () => list.conversations.map((c) => c.task_id);
    expect(order()[0]).toBe(second);
    expect(order().indexOf(taskId)).toBeGreaterThan(0);
    const newest = list.conversations[0]!;
    expect(newest).toMatchObject({ access: 'party', unread_count: 1, other_party: { id: cast.expert.id } });
    expect(newest.last_message).toMatchObject({ content: 'On the second task now', sender_id: cast.expert.id });
    expect(newest.last_message!.created_at).toBe(new Date(newest.last_message!.created_at).toISOString());
    // A later message on the first task brings it back to the top.
    await okJson(await send(cast.client.cookie, 'Back to the first one', taskId), 201);
    list = await okJson(await h.request('GET', '/api/conversations', { cookie: cast.client.cookie }));
    expect(order().slice(0, 2)).toEqual([taskId, second]);
  });

  it('lists the conversations, and an applicant sees only the notice (decision 0070)', async () => {
    const rival = await okJson<{ conversations: ConversationDto[] }>(await h.request('GET', '/api/conversations', { cookie: cast.otherExpert.cookie }));
    const entry = rival.conversations.find((c) => c.task_id === taskId)!;
    expect(entry).toMatchObject({ access: 'applicant', last_message: null, other_party: null, notice: texts.chat.mustBeAccepted });
    const outsider = await okJson<{ conversations: ConversationDto[] }>(await h.request('GET', '/api/conversations', { cookie: cast.otherClient.cookie }));
    expect(outsider.conversations).toEqual([]);
    expect((await h.request('GET', '/api/conversations')).status).toBe(401);
  });
});

describe('chat attachments', () => {
  const upload = (cookie: string, file: File, id = taskId) =>
    h.request('POST', `/api/tasks/${id}/messages/attachments`, { body: fileForm(file), cookie });

  it('stores a photo under a random key and serves it to both parties and admins only', async () => {
    const { message } = await okJson<{ message: ChatMessageDto }>(await upload(cast.expert.cookie, imageFile('front door.png')), 201);
    expect(message).toMatchObject({ is_file: true, content: 'front door.png', attachment_type: 'image' });
    expect(message.attachment_url).toBe(`/api/tasks/${taskId}/messages/${message.id}/attachment`);
    for (const user of [cast.client, cast.expert, cast.admin]) {
      const response = await h.request('GET', message.attachment_url!, { cookie: user.cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('content-disposition')).toBe('inline; filename="front_door.png"');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect((await h.request('GET', message.attachment_url!, { cookie: cast.otherExpert.cookie })).status).toBe(403);
    expect((await h.request('GET', message.attachment_url!, { cookie: cast.otherClient.cookie })).status).toBe(404);
    expect((await h.request('GET', message.attachment_url!)).status).toBe(401);
    expect((await h.request('GET', `/api/tasks/${taskId}/messages/not-a-uuid/attachment`, { cookie: cast.client.cookie })).status).toBe(404);
  });

  it('accepts a PDF by its content and sends documents as downloads', async () => {
    const { message } = await okJson<{ message: ChatMessageDto }>(await upload(cast.client.cookie, pdf()), 201);
    expect(message.attachment_type).toBe('document');
    const response = await h.request('GET', message.attachment_url!, { cookie: cast.expert.cookie });
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="report.pdf"');
  });

  it('refuses files over 5 MB, content that is not an allowed kind, and a missing file', async () => {
    expect(await expectError(await upload(cast.client.cookie, imageFile('big.png', 5 * 1024 * 1024 + 1)), 400)).toBe(texts.chat.fileTooLarge);
    // A text file named like a photo is judged by its content.
    expect(await expectError(await upload(cast.client.cookie, imageFile('fake.png', undefined, 'text')), 400)).toBe(texts.chat.fileTypeInvalid);
    const empty = new FormData();
    expect((await h.request('POST', `/api/tasks/${taskId}/messages/attachments`, { body: empty, cookie: cast.client.cookie })).status).toBe(400);
  });

  it('refuses uploads from outsiders before storing anything', async () => {
    expect(await expectError(await upload(cast.otherExpert.cookie, imageFile()), 403)).toBe(texts.chat.mustBeAccepted);
    expect((await upload(cast.otherClient.cookie, imageFile())).status).toBe(404);
  });
});
