import { expect, test } from '@playwright/test';
import { expectNoAxeViolationsAtBothWidths, latestOutboxMessage, signUpAndConfirm } from './fixtures';

test('forgot password: the mailed link sets a new password, the old one is refused', async ({ page }) => {
  // Sign-up, confirmation, reset and two sign-ins: several hashes on a shared machine.
  test.slow();
  const { email, password } = await signUpAndConfirm(page, 'forgot');
  await page.context().clearCookies();

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for this email address')).toBeVisible();

  await expect.poll(async () => (await latestOutboxMessage(page.request, 'email', email)).subject).toContain('Reset your');
  const mail = await latestOutboxMessage(page.request, 'email', email);
  await page.goto(mail.action_url!);
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
  await expectNoAxeViolationsAtBothWidths(page);
  await page.getByLabel('New password', { exact: true }).fill('fresh-pass-2');
  await page.getByLabel('Confirm new password').fill('fresh-pass-2');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').getByText('Invalid email or password. Please try again.')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('fresh-pass-2');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Successfully signed in!')).toBeVisible();
});
