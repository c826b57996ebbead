import { expect, test } from '@playwright/test';
import { jpegWithExif } from '../../src/server/test/exif-jpeg';
import { DEMO, expectNoAxeViolationsAtBothWidths, sameOrigin } from './fixtures';
import { apiPost, apiTask, assignThroughUi, createTaskByApi, payInDialog, signedInPage, toast, uniqueTitle } from './task-loop-helpers';

/**
 * Issue 50 (decision 0463): proof of a no-show. The visit is agreed, the server's clock moves into
 * it, the expert's photo from 0.6 miles away is refused with the reason, a geotagged photo at the
 * door is accepted; the client sees the fee and its deadline and contests, which opens a dispute.
 * axe at 1280 and 390 px on the dialog and the client's panel.
 */
const NYC = { latitude: 40.7128, longitude: -74.006 };
const HOUR = 3_600_000;

test('a no-access report with a geotagged photo; the client contests it', async ({ browser }) => {
  test.setTimeout(240_000);
  const client = await signedInPage(browser, DEMO.client);
  const expert = await signedInPage(browser, DEMO.expert);
  await client.setViewportSize({ width: 1280, height: 900 });
  await expert.setViewportSize({ width: 1280, height: 900 });
  const taskId = await createTaskByApi(client, uniqueTitle('Look at the car at the garage'), 10_000);
  await apiPost(expert, `/api/tasks/${taskId}/applications`, { proposed_rate: 10_000, notes: 'I can look at the car this week with photos.' });
  await assignThroughUi(client, taskId);
  await payInDialog(client, taskId);

  // A window an hour from the server's own clock (earlier journeys may have moved it), agreed.
  const serverNow = async () => new Date(((await (await client.request.get('/dev/clock')).json()) as { now: string }).now);
  const start = new Date((await serverNow()).getTime() + HOUR);
  const proposed = (await apiPost(expert, `/api/tasks/${taskId}/appointment/proposals`, {
    windows: [{ start: start.toISOString(), end: new Date(start.getTime() + HOUR).toISOString() }],
  })) as { appointment: { pending: { id: string } } };
  await apiPost(client, `/api/tasks/${taskId}/appointment/proposals/${proposed.appointment.pending.id}/accept`, { choice: 0 });
  const moved = await client.request.post('/dev/clock/advance', { data: { hours: 1.25 }, headers: sameOrigin(client) });
  expect(moved.ok(), await moved.text()).toBeTruthy();
  const takenAt = await serverNow();

  await expert.goto(`/task/${taskId}`);
  await expert.getByRole('button', { name: 'No access' }).click();
  const dialog = expert.getByTestId('no-access-dialog');
  const photos = dialog.getByLabel('Photos taken at the place');
  await photos.setInputFiles({
    name: 'street.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from(jpegWithExif({ latitude: NYC.latitude + 0.6 / 69.05, longitude: NYC.longitude, takenAt, seed: 'street' })),
  });
  await dialog.getByRole('button', { name: 'Send the report' }).click();
  await expect(dialog.getByText("street.jpg was taken 0.6 miles from the task's location; it must be within 0.5 miles.")).toBeVisible();
  await photos.setInputFiles({ name: 'door.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpegWithExif({ ...NYC, takenAt, seed: 'door' })) });
  await dialog.getByLabel('What happened (optional)').fill('Rang the bell three times; the garage stayed shut.');
  await expectNoAxeViolationsAtBothWidths(expert);
  await expert.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Send the report' }).click();
  await expect(toast(expert, 'No access reported. The client has 48 hours to answer.')).toBeVisible();
  await expect.poll(async () => (await apiTask(expert, taskId)).status).toBe('no_access_reported');

  // The client sees the proof, the fee and the deadline, and contests.
  await client.goto(`/task/${taskId}`);
  const panel = client.getByTestId('no-access-panel');
  await expect(panel).toContainText('The expert reported that nobody gave access during the agreed visit');
  await expect(panel).toContainText('a call-out fee of $25.00 is charged');
  await expect(panel.getByRole('img', { name: 'No-access photo 1' })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(client);
  await client.setViewportSize({ width: 1280, height: 900 });
  await panel.getByRole('button', { name: 'Contest' }).click();
  await client.getByLabel('Why the report is wrong').fill('The seller was at the garage all afternoon and saw nobody.');
  await client.getByRole('button', { name: 'Contest the report' }).click();
  await expect(toast(client, 'Your answer was sent. An admin will decide.')).toBeVisible();
  await expect.poll(async () => (await apiTask(client, taskId)).status).toBe('disputed');
  await client.context().close();
  await expert.context().close();
});
