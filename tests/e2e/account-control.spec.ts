import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { DEMO, expectNoAxeViolationsAtBothWidths, latestOutboxMessage, logOut, sameOrigin, signUpAndConfirm, totpCode } from './fixtures';
import { signedInPage, toast } from './task-loop-helpers';

/**
 * Account control (issue 22): an admin is made to set up two-factor sign-in, then signs in with a code;
 * a user exports their data and deletes their account.
 */

/** An authenticator app's base32 key back to the raw secret the code is computed from. */
function secretOfBase32(text: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.trim()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes).toString('utf8');
}

test('a new admin must set up two-factor before the admin area opens, then signs in with a code', async ({ page, browser }) => {
  test.slow();
  const { email, password } = await signUpAndConfirm(page, 'new-admin');

  // The demo admin makes them an admin.
  const adminPage = await signedInPage(browser, DEMO.admin);
  const list = await adminPage.request.get(`/api/admin/users?search=${encodeURIComponent(email)}`);
  const userId = ((await list.json()) as { rows: Array<{ id: string }> }).rows[0]!.id;
  const granted = await adminPage.request.post(`/api/admin/users/${userId}/roles`, { data: { role: 'admin' }, headers: sameOrigin(adminPage) });
  expect(granted.status()).toBe(201);
  await adminPage.context().close();

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/profile\?tab=security/);
  await expect(page.getByText('Admins must turn on two-factor sign-in before using the admin area.')).toBeVisible();
  await page.getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = secretOfBase32(await page.getByTestId('totp-secret').innerText());
  // The set-up link as a QR code beside the key, for a phone's authenticator app (issue 52).
  const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await page.getByLabel('Authentication code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(toast(page, 'Two-factor sign-in is on.')).toBeVisible();
  await expect(page.getByTestId('backup-codes').getByRole('listitem')).toHaveCount(10);
  await expect(page.getByRole('list', { name: 'Signed-in devices' }).getByText('This device')).toBeVisible();

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await logOut(page);

  // Signing in again asks for the code after the password.
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not valid. Try again.')).toBeVisible();
  await page.getByLabel('Authentication code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Successfully signed in!')).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
});

test('a user exports, downloads and opens their data, then deletes their account and cannot sign in', async ({ page }) => {
  test.slow();
  const { email, password } = await signUpAndConfirm(page, 'leaver');
  expect((await page.request.post('/api/me/onboarding', { data: { role: 'client' }, headers: sameOrigin(page) })).status()).toBe(200);

  await page.goto('/profile?tab=account');
  await page.getByRole('button', { name: 'Export my data' }).click();
  await expect(toast(page, 'Your export is being prepared. We will email you a link when it is ready.')).toBeVisible();
  // The job builds it in the background; the card looks again until it is ready.
  const download = page.getByRole('link', { name: /^Download the export of/ });
  await expect(download).toBeVisible({ timeout: 20_000 });
  // The mail goes out by its own delivery job, just after.
  await expect.poll(async () => (await latestOutboxMessage(page.request, 'email', email)).subject, { timeout: 15_000 }).toContain(
    'Your data export is ready',
  );
  await expectNoAxeViolationsAtBothWidths(page);

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const archive = unzipSync(new Uint8Array(readFileSync((await file.path())!)));
  const data = JSON.parse(strFromU8(archive['data.json']!)) as { account: { email: string }; profile: { first_name: string } };
  expect(data.account.email).toBe(email);
  expect(data.profile.first_name).toBe('Pat');

  await page.getByLabel('Password to confirm').fill(password);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(toast(page, 'Your account was deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').getByText('Invalid email or password. Please try again.')).toBeVisible();
});
