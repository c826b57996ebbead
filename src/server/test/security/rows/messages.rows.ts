import { CHAT_ATTACHMENT_FIELD } from '@shared/schemas/chat.schemas';
import { createMessage, PNG_BYTES } from '../../builders';
import { signedIn, type MatrixRow, type World } from '../matrix';
import { onTask, x } from './row-builders';

const text = () => ({ body: { content: 'Hello, is the car still there?' } });

const fileForm = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => {
  const form = new FormData();
  form.append(CHAT_ATTACHMENT_FIELD, new File([bytes], name, { type }));
  return form;
};
const png = () => ({ body: fileForm(PNG_BYTES, 'photo.png', 'image/png') });

/** The owner's message on the task, with a stored PNG attachment. */
async function attachmentOf(w: World, taskId: string) {
  const key = `chat/${taskId}/photo.png`;
  await w.t.providers.storage.put(key, PNG_BYTES, { contentType: 'image/png' });
  const row = await createMessage(w.t.db, {
    task_id: taskId,
    sender_id: w.users.owner.id,
    receiver_id: w.users.assigned.id,
    content: 'photo.png',
    is_file: true,
    attachment_url: key,
  });
  return { params: { messageId: row.id } };
}

/** The page before the owner's message on the task (GET /messages?before=). */
async function earlierThan(w: World, taskId: string) {
  const row = await createMessage(w.t.db, { task_id: taskId, sender_id: w.users.owner.id, receiver_id: w.users.assigned.id, content: 'Later' });
  return { query: { before: row.id } };
}

/** Task chat: the task's client and hired expert write while the task is live; admins read. */
export const messageRows: MatrixRow[] = [
  { route: 'GET /api/conversations', cases: [{ name: 'own conversations', expect: signedIn(200) }] },
  {
    route: 'GET /api/tasks/:id/messages',
    cases: [
      onTask('in_progress', x(401, 200, 404, 403, 200, 404, 200)),
      onTask('verified', x(401, 200, 404, 403, 200, 404, 200)),
      onTask('open', x(401, 409, 404, 403, 403, 403, 200)),
      onTask('in_progress', x(401, 200, 404, 403, 200, 404, 200), earlierThan, 'an earlier page'),
      onTask('in_progress', x(401, 400, 400, 400, 400, 400, 400), () => ({ query: { before: 'not-an-id' } }), 'a `before` that is not an id'),
    ],
  },
  {
    route: 'POST /api/tasks/:id/messages',
    cases: [
      onTask('assigned', x(401, 201, 404, 403, 201, 404, 403), text),
      onTask('in_progress', x(401, 201, 404, 403, 201, 404, 403), text),
      onTask('pending_approval', x(401, 201, 404, 403, 201, 404, 403), text),
      onTask('open', x(401, 409, 404, 403, 403, 403, 403), text),
      onTask('verified', x(401, 409, 404, 403, 409, 404, 403), text),
      onTask('in_progress', x(401, 400, 400, 400, 400, 400, 400), () => ({ body: { content: '' } }), 'an empty message'),
    ],
  },
  {
    route: 'POST /api/tasks/:id/messages/attachments',
    cases: [
      onTask('in_progress', x(401, 201, 404, 403, 201, 404, 403), png),
      onTask('verified', x(401, 409, 404, 403, 409, 404, 403), png),
      // The access check comes before the file is read: only the parties learn about its type.
      onTask('in_progress', x(401, 400, 404, 403, 400, 404, 403), () => ({ body: fileForm(new TextEncoder().encode('<html></html>'), 'page.html', 'text/html') }), 'a file of a refused type'),
    ],
  },
  {
    route: 'POST /api/tasks/:id/messages/read',
    cases: [onTask('in_progress', x(401, 200, 404, 403, 200, 404, 200), () => ({ body: {} }))],
  },
  {
    route: 'GET /api/tasks/:id/messages/:messageId/attachment',
    cases: [
      onTask('in_progress', x(401, 200, 404, 403, 200, 404, 200), attachmentOf),
      onTask('in_progress', x(401, 404, 404, 404, 404, 404, 404), () => ({ params: { messageId: 'not-a-uuid' } }), 'not a message id'),
    ],
  },
  {
    route: 'GET /api/realtime',
    // A plain GET (no Upgrade header) from the own origin: 401 signed out, 426 signed in.
    cases: [{ name: 'plain GET, own origin', expect: signedIn(426) }],
  },
];
