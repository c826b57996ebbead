import { expect, test, type Page } from '@playwright/test';
import { jpegWithExif } from '../../src/server/test/exif-jpeg';
import { DEMO, expectNoAxeViolations } from './fixtures';
import { apiPost, apiTask, confirmInDialog, payInDialog, REMOTE_DESCRIPTION, REQUIREMENTS, signedInPage, toast, uniqueTitle } from './task-loop-helpers';

/**
 * Evidence a client can trust (issue 20), at 390 px: the expert walks a property checklist with
 * photos taken at the address and a short video (resumable parts), the client sees the provenance
 * badges, confirms, opens the inspection report, and a signed-out visitor verifies the PDF.
 */
const NYC = { latitude: 40.7128, longitude: -74.006 };
const PHONE = { width: 390, height: 844 };
const CHECKLIST = [
  { label: 'Entrance and street sign', kind: 'photo', required: true },
  { label: 'Kitchen', kind: 'photo', required: true },
  { label: 'Water pressure', kind: 'video', required: true },
];

/** A 1.5-second WebM recorded in the page from a canvas: a real clip Chromium can decode. */
async function recordWebm(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const context = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(10), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    let frame = 0;
    const timer = setInterval(() => {
      context.fillStyle = `hsl(${(frame++ * 25) % 360}, 70%, 50%)`;
      context.fillRect(0, 0, 320, 240);
    }, 50);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    clearInterval(timer);
    recorder.stop();
    await stopped;
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  });
  return Buffer.from(bytes);
}

test('the expert walks a property checklist with photos and a video; the client confirms; a visitor verifies the report', async ({ browser }) => {
  // About 40 s on a quiet machine; the margin is for a loaded CI runner.
  test.setTimeout(180_000);
  const client = await signedInPage(browser, DEMO.client);
  const expert = await signedInPage(browser, DEMO.expert);
  await client.setViewportSize(PHONE);
  await expert.setViewportSize(PHONE);

  // Set-up through the API: a property task with its checklist, the expert applies and is assigned.
  const { task } = (await apiPost(client, '/api/tasks', {
    title: uniqueTitle('Lease check'),
    description: REMOTE_DESCRIPTION,
    requirements: REQUIREMENTS,
    category: 'property',
    urgency: 'medium',
    budget: 9_000,
    due_date: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
    location: 'New York, New York, United States',
    ...NYC,
    checklist: CHECKLIST,
  })) as { task: { id: string } };
  const taskId = task.id;
  await apiPost(expert, `/api/tasks/${taskId}/applications`, { proposed_rate: 9_000, notes: 'I live two streets away and inspect flats every week.' });
  const [application] = (await apiTask(client, taskId)).applications;
  await apiPost(client, `/api/tasks/${taskId}/assign`, { application_id: application!.id });
  await client.goto(`/task/${taskId}`);
  // The task page shows the client's checklist (the details read once left it out).
  await expect(client.getByText('Evidence checklist')).toBeVisible();
  await expect(client.getByText('Water pressure')).toBeVisible();
  await client.getByRole('button', { name: /^Authorize Payment/ }).first().click();
  await payInDialog(client, taskId);
  await apiPost(expert, `/api/tasks/${taskId}/accept`);

  // The expert walks the checklist item by item on the phone.
  await expert.goto(`/task/${taskId}`);
  const form = expert.getByRole('form', { name: 'Submit Evidence' });
  await expect(form.getByTestId('checklist-item-water-pressure')).toContainText('Required');
  const takenAt = new Date();
  await form.getByLabel('Entrance and street sign').setInputFiles({ name: 'entrance.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpegWithExif({ ...NYC, takenAt, seed: 'entrance' })) });
  await form.getByLabel('Kitchen').setInputFiles({ name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpegWithExif({ ...NYC, takenAt, seed: 'kitchen' })) });
  await form.getByLabel('Completion notes').fill('Entrance, kitchen and the water pressure at the kitchen tap, all as listed.');
  await form.getByRole('button', { name: 'Submit Evidence' }).click();
  await expect(form.getByText('Please add evidence for: Water pressure')).toBeVisible();
  // A clip the browser can decode (recorded here from a canvas), so that the page grabs its poster
  // frame under the real Content Security Policy (issue 52: media-src blob:).
  await form.getByLabel('Water pressure').setInputFiles({ name: 'tap.webm', mimeType: 'video/webm', buffer: await recordWebm(expert) });
  await expectNoAxeViolations(expert);
  await form.getByRole('button', { name: 'Submit Evidence' }).click();
  await expect(form.getByText('Uploaded tap.webm')).toBeVisible();
  await expect(toast(expert, /^Evidence submitted!/)).toBeVisible();
  await expect.poll(async () => (await apiTask(expert, taskId)).status).toBe('pending_approval');

  // The client sees each item with its provenance badge, then confirms.
  await client.reload();
  await expect(client.getByText(/^Taken 0(\.0)? mi from the task location/).first()).toBeVisible();
  await expect(client.locator('video')).toHaveCount(1);
  // A later view gets the poster: the thumbnail the upload stored is there (not a 404).
  const poster = await client.locator('video').getAttribute('poster');
  expect(poster).toMatch(/\/evidence\/\d+\/thumbnail$/);
  const posterResponse = await client.request.get(poster!);
  expect([posterResponse.status(), posterResponse.headers()['content-type']]).toEqual([200, 'image/webp']);
  await expectNoAxeViolations(client);
  await confirmInDialog(client, 'Confirm & Pay');
  await expect.poll(async () => (await apiTask(client, taskId)).status).toMatch(/^(completed|verified)$/);
  // The report is issued after the status moves (the confirmation answers once it is): a reload in
  // between shows no report yet, and nothing would bring it in later.
  await expect
    .poll(async () => ((await (await client.request.get(`/api/tasks/${taskId}/evidence-items`)).json()) as { report: unknown }).report ?? null)
    .not.toBeNull();

  // The report: the PDF opens, and its share link goes to the public verify page.
  await client.reload();
  const panel = client.getByTestId('report-panel');
  await expect(panel).toBeVisible();
  const pdfHref = await panel.getByRole('link', { name: 'Open report (PDF)' }).getAttribute('href');
  const pdf = await client.request.get(pdfHref!);
  expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);
  const pdfBytes = await pdf.body();
  // Two photos and the video's frame are pictures in the PDF (not "[video/webm]").
  expect(pdfBytes.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(3);
  const shareUrl = await panel.getByTestId('report-share-link').getAttribute('href');
  await expectNoAxeViolations(client);

  // A visitor with no account drops the PDF on the verify page.
  const visitorContext = await browser.newContext({ viewport: PHONE });
  const visitor = await visitorContext.newPage();
  await visitor.goto(shareUrl!);
  await expect(visitor).toHaveURL(/\/reports\/[^/]+\/verify$/);
  await visitor.getByLabel('Choose a file').setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: pdfBytes });
  await expect(visitor.getByTestId('verify-result')).toContainText('Match: this file is part of the report issued on');
  await expectNoAxeViolations(visitor);

  await visitorContext.close();
  await client.context().close();
  await expert.context().close();
});
