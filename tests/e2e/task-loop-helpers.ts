import { deflateSync } from 'node:zlib';
import { expect, type Browser, type Page, type WebSocket } from '@playwright/test';
import { logIn, sameOrigin } from './fixtures';

/** Helpers of the task-loop journeys (tests/e2e/task-loop.spec.ts). */

const run = Date.now().toString(36);
let counter = 0;
/** A title no earlier run has used. */
export const uniqueTitle = (what: string) => `${what} ${run}-${(counter += 1)}`;

/** Words with remote keywords, so the clarify warning stays away unless a test wants it. */
export const REMOTE_DESCRIPTION =
  'Please photograph every room and record a short video of the kitchen for my report.';
export const REQUIREMENTS = 'Ten photos and one video of the whole apartment.';

export async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, email);
  return page;
}

export const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/**
 * Resolves once the server has told one of the page's sockets that it is subscribed to `topic`.
 * Start it before the navigation that opens the socket: a change made before the "subscribed" frame
 * is not delivered live, so a journey that waits for a live toast must not make it earlier.
 */
export function subscribedTo(page: Page, topic: string, timeoutMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      page.off('websocket', onSocket);
      reject(new Error(`no "subscribed" frame for ${topic} within ${timeoutMs} ms`));
    }, timeoutMs);
    function onSocket(socket: WebSocket) {
      socket.on('framereceived', ({ payload }) => {
        let frame: { type?: string; topic?: string } = {};
        try {
          frame = JSON.parse(String(payload)) as typeof frame;
        } catch {
          return;
        }
        if (frame.type !== 'subscribed' || frame.topic !== topic) return;
        clearTimeout(timer);
        page.off('websocket', onSocket);
        resolve();
      });
    }
    page.on('websocket', onSocket);
  });
}

export interface TaskJson {
  id: string;
  status: string;
  payment_status: string;
  expert_id: string | null;
  expert: { id: string; avg_rating: number | null } | null;
  transactions: { status: string; amount: number }[];
  applications: { id: string; expert_id: string; status: string }[];
}

export async function apiTask(page: Page, taskId: string): Promise<TaskJson> {
  const response = await page.request.get(`/api/tasks/${taskId}`);
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { task: TaskJson }).task;
}

export async function apiPost(page: Page, path: string, data: unknown = {}) {
  const response = await page.request.post(path, { data, headers: sameOrigin(page) });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return response.json();
}

/** A task near New York (where expert1 works), created through the API for the journeys that start later. */
export async function createTaskByApi(client: Page, title: string, budgetCents = 9_000): Promise<string> {
  const due = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
  const body = (await apiPost(client, '/api/tasks', {
    title,
    description: REMOTE_DESCRIPTION,
    requirements: REQUIREMENTS,
    category: 'property',
    urgency: 'medium',
    budget: budgetCents,
    due_date: due,
    location: 'New York, New York, United States',
    latitude: 40.7128,
    longitude: -74.006,
  })) as { task: { id: string } };
  return body.task.id;
}

/** A tiny valid PNG made here: width x height pixels of one colour. */
export function makePng(width = 4, height = 4, rgb: [number, number, number] = [30, 120, 200]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function fillTaskForm(page: Page, title: string, description: string) {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('Requirements').fill(REQUIREMENTS);
}

/** Picks New York in the task form's place search (the form starts with no place, issue 52). */
export async function chooseNewYork(page: Page) {
  await page.getByRole('combobox', { name: /Service Location/ }).fill('New York');
  await page.getByRole('option', { name: /^New York/ }).first().click();
  await expect(page.getByTestId('location-picker-value')).toContainText('40.7');
}

/** The expert applies on the task page. */
export async function applyThroughUi(expert: Page, taskId: string, rate: string) {
  await expert.goto(`/task/${taskId}`);
  await expert.getByLabel(/^Your proposed rate/).fill(rate);
  await expert
    .getByLabel(/^Cover letter/)
    .fill('I live nearby and inspect apartments every week. I will send photos and a video.');
  await expert.getByRole('button', { name: 'Submit Application' }).click();
  await expect(toast(expert, 'Applied for the task successfully!')).toBeVisible();
  await expect(expert.getByRole('heading', { name: 'Your application' })).toBeVisible();
}

/** The client assigns the only applicant; the payment dialog opens at once. */
export async function assignThroughUi(client: Page, taskId: string) {
  await client.goto(`/task/${taskId}`);
  await client.getByTestId('application').getByRole('button', { name: 'Assign' }).click();
  await expect(
    toast(client, 'Expert assigned successfully! Please authorize payment to proceed.'),
  ).toBeVisible();
  const dialog = client.getByRole('dialog', { name: 'Authorize Payment' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Consent, then the local card form with the always-approved test card. */
export async function payInDialog(client: Page, taskId: string) {
  const dialog = client.getByRole('dialog', { name: 'Authorize Payment' });
  const agree = dialog.getByRole('button', { name: 'Agree' });
  await expect(agree).toBeDisabled();
  await dialog.getByRole('checkbox').check();
  await agree.click();
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  const name = dialog.getByLabel('Name on card');
  if (await name.count()) await name.fill('Casey Client');
  const postal = dialog.getByLabel('Postal code');
  if (await postal.count()) await postal.fill('10001');
  await dialog.getByRole('button', { name: /^Authorize \$/ }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect.poll(async () => (await apiTask(client, taskId)).payment_status).toBe('authorized');
}

/** The assigned expert accepts and sends one photo through the API (journeys that test the client's side). */
export async function acceptAndSubmitEvidenceByApi(expert: Page, taskId: string) {
  await apiPost(expert, `/api/tasks/${taskId}/accept`);
  const response = await expert.request.post(`/api/tasks/${taskId}/evidence`, {
    headers: sameOrigin(expert),
    multipart: {
      completion_notes: 'Photographed every room; see the attached photo.',
      files: { name: 'room.png', mimeType: 'image/png', buffer: makePng() },
    },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

export async function confirmInDialog(page: Page, button: string, confirm = button) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
}
