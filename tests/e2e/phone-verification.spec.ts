import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoAxeViolationsAtBothWidths, latestOutboxMessage, sameOrigin, signUpAndConfirm } from './fixtures';

/**
 * Phone verification on the Security tab. Each journey uses its own new client account and its own
 * number, so they never share a code, a cooldown or an attempt counter.
 */

let numberSeed = Number(String(Date.now()).slice(-6));
/** A fresh US number as typed (10 digits) and as stored (E.164). */
function newNumber() {
  const national = `555${String((numberSeed += 1) % 10_000_000).padStart(7, '0')}`;
  return {
    national,
    e164: `+1${national}`,
    display: `+1 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`,
  };
}

async function newClientOnSecurityTab(page: Page, prefix: string) {
  await signUpAndConfirm(page, prefix);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /I need a task done/ }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/profile?tab=security');
  await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Phone Verification' })).toBeVisible();
}

async function sendCode(page: Page, phone: ReturnType<typeof newNumber>) {
  const input = page.getByLabel('Phone number');
  await input.fill(phone.national);
  await expect(input).toHaveValue(phone.display);
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await expect(page.getByText('Verification code sent to your phone').first()).toBeVisible();
  const sms = await latestOutboxMessage(page.request, 'sms', phone.e164);
  const code = sms.body.match(/\b(\d{6})\b/)?.[1];
  expect(code, `a 6-digit code in "${sms.body}"`).toBeTruthy();
  return code!;
}

test.describe('phone verification', () => {
  test('a client verifies a phone with the code read from the dev outbox', async ({ page }) => {
    await newClientOnSecurityTab(page, 'phone-verify');
    await expectNoAxeViolations(page);

    // The client-side rule comes first: an incomplete number never reaches the server.
    await page.getByLabel('Phone number').fill('555123');
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await expect(page.getByText('Please enter a valid phone number')).toBeVisible();

    const phone = newNumber();
    const code = await sendCode(page, phone);

    // Verify step: countdown running, Verify enabled only at exactly 6 digits.
    await expect(page.getByRole('button', { name: /^Resend in \d+s$/ })).toBeDisabled();
    const codeInput = page.getByLabel('Verification code');
    const verify = page.getByRole('button', { name: 'Verify Code' });
    await expect(verify).toBeDisabled();
    await codeInput.fill(code.slice(0, 5));
    await expect(verify).toBeDisabled();
    await expectNoAxeViolations(page);
    await codeInput.fill(code);
    await expect(verify).toBeEnabled();
    await verify.click();

    await expect(page.getByText('Phone number verified successfully!').first()).toBeVisible();
    await expect(page.getByText('Phone Verified')).toBeVisible();
    await expect(page.getByText(phone.display)).toBeVisible();

    // The state is the server's: it survives a reload.
    await page.reload();
    await expect(page.getByText('Phone Verified')).toBeVisible();
    await expect(page.getByText(phone.display)).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(page);
  });

  test('a wrong code three times is locked out', async ({ page }) => {
    await newClientOnSecurityTab(page, 'phone-lockout');
    const phone = newNumber();
    const code = await sendCode(page, phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const codeInput = page.getByLabel('Verification code');
    for (let attempt = 1; attempt <= 3; attempt++) {
      await codeInput.fill(wrong);
      await page.getByRole('button', { name: 'Verify Code' }).click();
      // A refused code clears the field for the next try.
      await expect(codeInput).toHaveValue('');
    }
    await expect(page.getByText('Invalid verification code').first()).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Too many verification attempts' })).toBeVisible();

    // Even the right code is refused now: by the card, and by the server itself.
    await codeInput.fill(code);
    await expect(page.getByRole('button', { name: 'Verify Code' })).toBeDisabled();
    const response = await page.request.post('/api/phone-verification/verify', { data: { code }, headers: sameOrigin(page) });
    expect(response.status()).toBe(429);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'Too many verification attempts',
    );

    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: 'Too many verification attempts' })).toBeVisible();
    await expect(page.getByText('Phone Verified')).toBeHidden();
  });
});
