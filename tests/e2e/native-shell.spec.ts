import { expect, test, type Page } from '@playwright/test';
import { BRAND_NAME } from '../../src/shared/brand';
import { expectNoAxeViolations, signUpAndConfirm } from './fixtures';
import { fireNative, installFakeCapacitor, nativeCalls, nativeToken } from './fake-capacitor';

/** A tiny but real PDF: the server checks the content, not the name. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const pushTokenSaved = (page: Page, token: string | null) =>
  page.waitForRequest((request) => {
    if (request.method() !== 'PUT' || !request.url().endsWith('/api/me/push-token')) return false;
    return (request.postDataJSON() as { fcm_token: string | null }).fcm_token === token;
  });

async function submitApplication(page: Page) {
  await page.getByLabel(/^Bio/).fill('I inspect apartments in Austin, with photos and a written report.');
  await page.getByLabel(/^Areas of Expertise/).fill('Apartments, Vehicles');
  const location = page.getByRole('combobox', { name: /Service Location/ });
  await location.click();
  await location.fill('Austin');
  await page
    .getByRole('option', { name: /Austin/ })
    .first()
    .click();
  await page
    .getByLabel(/^Verification Document/)
    .setInputFiles({ name: 'id.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('checkbox', { name: /Accept Payment Processing Terms/ }).click();
  await page.getByRole('button', { name: 'Submit for Verification' }).click();
}

test.describe('native app shell (fake Capacitor bridge)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.beforeEach(async ({ page }) => installFakeCapacitor(page));

  test('an expert uses the app: status bar, splash, push token, in-app payment setup, deep links, logout', async ({
    page,
    context,
  }) => {
    // Start-up: the splash names the product; the app colours the status bar and hides the splash.
    expect(await (await page.request.get('/')).text()).toContain(
      `data-testid="startup-splash">${BRAND_NAME}<`,
    );
    await page.goto('/');
    await expect
      .poll(() => nativeCalls(page, 'StatusBar', 'setBackgroundColor'))
      .toContainEqual(expect.objectContaining({ options: { color: '#05283b' } }));
    await expect
      .poll(async () => (await nativeCalls(page, 'SplashScreen', 'hide')).length)
      .toBeGreaterThan(0);

    // Signed in: permission is asked for and the device token is stored through the push-token route.
    const saved = pushTokenSaved(page, await nativeToken(page));
    await signUpAndConfirm(page, 'native-expert');
    expect((await (await saved).response())?.ok()).toBe(true);
    expect(await nativeCalls(page, 'PushNotifications', 'requestPermissions')).toHaveLength(1);

    // Payment setup opens the provider in the in-app browser (platform=mobile); the app stays put.
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /I want to be an expert/ })
      .click();
    await expect(page).toHaveURL(/\/expert-verification$/);
    const created = page.waitForRequest((request) => request.url().endsWith('/api/payment-setup/account'));
    await submitApplication(page);
    expect((await created).postDataJSON()).toEqual({ platform: 'mobile' });
    await expect.poll(async () => (await nativeCalls(page, 'Browser', 'open')).length).toBe(1);
    const [opened] = await nativeCalls(page, 'Browser', 'open');
    const onboardingUrl = String(opened.options?.url);
    expect(onboardingUrl).toMatch(/\/dev\/payments\/onboarding\//);
    await expect(page).toHaveURL(/\/expert-verification$/);

    // The user finishes onboarding in the in-app browser, which lands on "Setup Complete".
    const inAppBrowser = await context.newPage();
    await inAppBrowser.goto(onboardingUrl);
    await inAppBrowser.getByRole('button', { name: /Complete account setup/ }).click();
    await expect(inAppBrowser).toHaveURL(/\/stripe-return\?.*platform=mobile/);
    await expect(inAppBrowser.getByRole('heading', { name: 'Setup Complete' })).toBeVisible();
    await inAppBrowser.close();

    // Closing the in-app browser refetches the expert profile.
    const refetched = page.waitForRequest(
      (request) => request.method() === 'GET' && request.url().endsWith('/api/experts/me'),
    );
    await fireNative(page, 'Browser', 'browserFinished', {});
    await refetched;

    // The provider's return deep link: /stripe-return (native) then the payments tab, with the brand's text.
    await fireNative(page, 'App', 'appUrlOpen', {
      url: 'remotexpert://stripe-return?from=stripe&success=true',
    });
    await expect(page).toHaveURL(/\/profile\?tab=payments$/);
    await expect(page.getByText('Payment setup completed successfully!')).toBeVisible();
    await expect(
      page.getByText(`Please return to the ${BRAND_NAME} app to see your payment setup status.`),
    ).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
    await expectNoAxeViolations(page);

    // A foreign link is ignored; a tapped push notification opens its task.
    await fireNative(page, 'App', 'appUrlOpen', { url: 'https://evil.example.net/dashboard' });
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/profile\?tab=payments$/);
    await fireNative(page, 'PushNotifications', 'pushNotificationActionPerformed', {
      actionId: 'tap',
      notification: { data: { task_id: 'task-from-push' } },
    });
    await expect(page).toHaveURL(/\/task\/task-from-push$/);

    // Offline: the same screen as on the web.
    await context.setOffline(true);
    await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
    await expect(page.getByText('Please check your internet connection and try again.')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: "You're offline" })).toBeHidden();

    // Logout clears the stored token (while still signed in) and unregisters the device.
    const cleared = pushTokenSaved(page, null);
    await page.getByRole('button', { name: 'Logout' }).click();
    expect((await (await cleared).response())?.ok()).toBe(true);
    await expect(page.getByText('Signed out successfully')).toBeVisible();
    expect(await nativeCalls(page, 'PushNotifications', 'unregister')).toHaveLength(1);
  });
});
