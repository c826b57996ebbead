import { expect, test } from '@playwright/test';
import { DEMO, expectNoAxeViolationsAtBothWidths, sameOrigin } from './fixtures';
import { applyThroughUi, createTaskByApi, makePng, signedInPage, toast, uniqueTitle } from './task-loop-helpers';

/**
 * Real time, chat and notifications (issue 9), with two browser contexts and no reloads: the
 * client's open task page shows the application the moment it is made; the assignment changes the
 * expert's page and bell; text and a photo go both ways; an outsider is refused the chat and its
 * files; Mark all as read clears the badge.
 */
test('live applications, assignment, chat both ways, outsider refused, mark all as read', async ({ browser }) => {
  test.setTimeout(120_000);
  const client = await signedInPage(browser, DEMO.client2);
  const expert = await signedInPage(browser, DEMO.expert);
  const title = uniqueTitle('Live chat walkthrough');
  const taskId = await createTaskByApi(client, title);

  // (1) The client waits on the task page; the expert applies in their own browser.
  await client.goto(`/task/${taskId}`);
  await expect(client.getByRole('heading', { name: title })).toBeVisible();
  await expect(client.getByTestId('application')).toHaveCount(0);
  await applyThroughUi(expert, taskId, '90');
  await expect(client.getByTestId('application')).toHaveCount(1);

  // (2) The client assigns: the expert's open page and bell change by themselves.
  const badge = expert.getByTestId('notification-badge');
  const before = (await badge.count()) ? Number((await badge.textContent())?.replace('+', '')) : 0;
  await client.getByTestId('application').getByRole('button', { name: 'Assign' }).click();
  await expect(toast(client, 'Expert assigned successfully! Please authorize payment to proceed.')).toBeVisible();
  await client.keyboard.press('Escape');
  await expect(expert.getByText('Assigned to Expert').first()).toBeVisible();
  await expect(toast(expert, 'New Assignment')).toBeVisible();
  await expect(badge).toBeVisible();
  if (before < 9) await expect(badge).toHaveText(String(before + 1));

  // (3) Chat both ways in the task page's Messages panel (open by default).
  const clientChat = client.getByRole('region', { name: 'Messages' });
  const expertChat = expert.getByRole('region', { name: 'Messages' });
  await expect(clientChat.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await clientChat.getByRole('textbox', { name: 'Message' }).fill('Hello! The <b>keys</b> are with the concierge.');
  await clientChat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(clientChat.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expect(expertChat.getByText('Hello! The <b>keys</b> are with the concierge.')).toBeVisible();
  await expertChat.getByTestId('chat-file-input').setInputFiles({ name: 'front-door.png', mimeType: 'image/png', buffer: makePng(8, 8) });
  await expect(clientChat.getByRole('img', { name: 'front-door.png' })).toBeVisible();
  await expertChat.getByRole('textbox', { name: 'Message' }).fill('Thanks, on my way.');
  await expertChat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(clientChat.getByText('Thanks, on my way.')).toBeVisible();
  const photoUrl = await clientChat.getByRole('img', { name: 'front-door.png' }).getAttribute('src');

  // The chat page and the conversation list show the same conversation.
  await expert.goto('/messages');
  const row = expert.getByRole('link', { name: new RegExp(title) });
  await expect(row).toContainText('Thanks, on my way.');
  await expectNoAxeViolationsAtBothWidths(expert);
  await row.click();
  await expect(expert).toHaveURL(new RegExp(`/task/${taskId}/messages$`));
  await expect(expert.getByRole('link', { name: 'View Task' })).toBeVisible();
  await client.getByRole('textbox', { name: 'Message' }).first().fill('See you soon');
  await client.getByRole('textbox', { name: 'Message' }).first().press('Enter');
  await expect(expert.getByText('See you soon')).toBeVisible();

  // A long chat opens on its newest 50 messages; earlier ones load above them on request (issue 55).
  // Ten at a time: the newest 50 are these 50, in whatever order they landed.
  for (let batch = 0; batch < 5; batch += 1) {
    const sent = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        client.request.post(`/api/tasks/${taskId}/messages`, { data: { content: `Update ${batch * 10 + index + 1}` }, headers: sameOrigin(client) }),
      ),
    );
    expect(sent.map((response) => response.status())).toEqual(Array(10).fill(201));
  }
  await expert.reload();
  const chatList = expert.getByRole('list', { name: 'Messages' });
  await expect(chatList.getByText('Update 50', { exact: true })).toBeVisible();
  const firstMessage = chatList.getByText('Hello! The <b>keys</b> are with the concierge.');
  await expect(firstMessage).toHaveCount(0);
  const showEarlier = expert.getByRole('button', { name: 'Show earlier messages' });
  await expectNoAxeViolationsAtBothWidths(expert);
  await showEarlier.click();
  await expect(firstMessage).toHaveCount(1);
  await expect(showEarlier).toHaveCount(0);
  await expect(chatList).toBeFocused();

  // (4) An outsider gets neither the chat nor its files.
  const outsider = await signedInPage(browser, DEMO.client);
  await outsider.goto(`/task/${taskId}/messages`);
  await expect(outsider.getByRole('alert').filter({ hasText: 'Task not found' })).toBeVisible();
  const refused = await outsider.request.get(photoUrl!);
  expect(refused.status()).toBe(404);
  expect((await client.request.get(photoUrl!)).status()).toBe(200);

  // (5) Mark all as read clears the expert's badge.
  await expert.getByRole('button', { name: /^Notifications, / }).click();
  await expert.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(badge).toBeHidden();
});
