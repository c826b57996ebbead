import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolationsAtBothWidths, signUpAndConfirm } from './fixtures';

/** A tiny but real PDF: the server checks the content, not the name. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A brand-new account that picks the expert role and lands on the application. */
async function newExpert(page: Page, prefix: string) {
  const account = await signUpAndConfirm(page, prefix);
  await page.getByRole('dialog').getByRole('button', { name: /I want to be an expert/ }).click();
  await expect(page).toHaveURL(/\/expert-verification$/);
  await expect(page.getByRole('heading', { name: 'Become a Local Expert' })).toBeVisible();
  return account;
}

/** Fills the Become a Local Expert form and submits it; the browser then goes to the provider's page. */
async function submitApplication(page: Page) {
  await page.getByLabel(/^Bio/).fill('I inspect apartments and used cars in Austin, with photos, video and a written report.');
  await page.getByLabel(/^Areas of Expertise/).fill('Apartments, Vehicles, , Marketplace items');
  const location = page.getByRole('combobox', { name: /Service Location/ });
  await location.click();
  await location.fill('Austin');
  await page.getByRole('option', { name: /Austin/ }).first().click();
  await page.getByLabel(/^Verification Document/).setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('checkbox', { name: /Accept Payment Processing Terms/ }).click();
  await page.getByRole('button', { name: 'Submit for Verification' }).click();
  await expect(page).toHaveURL(/\/dev\/payments\/onboarding\//);
  await expect(page.getByRole('heading', { name: 'Set up your payment account' })).toBeVisible();
}

test.describe('expert onboarding', () => {
  test('a new expert applies, completes provider onboarding and is verified', async ({ page }) => {
    await newExpert(page, 'onboard-expert');
    await expectNoAxeViolationsAtBothWidths(page);

    // The form's own checks come first, with the spec texts.
    await page.getByRole('button', { name: 'Submit for Verification' }).click();
    await expect(page.getByText('Please fill in all required fields, including selecting a valid location').first()).toBeVisible();

    await submitApplication(page);
    await page.getByRole('button', { name: /Complete account setup/ }).click();

    // Back through the return handler (desktop: "Success", then the payments tab).
    await expect(page).toHaveURL(/\/stripe-return\?from=stripe&success=true/);
    await expect(page).toHaveURL(/\/profile\?tab=payments$/);
    await expect(page.getByText('Payment setup completed successfully!')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByText('Verified Expert').first()).toBeVisible();

    // The application shows on the Verification tab; the document is served to its owner only.
    await page.getByRole('tab', { name: 'Verification' }).click();
    await expect(page.getByText('Apartments', { exact: true })).toBeVisible();
    const documentLink = page.getByRole('link', { name: /View document/ });
    const href = await documentLink.getAttribute('href');
    expect(href).toMatch(/^\/api\/experts\/[0-9a-f-]+\/document$/);
    const own = await page.request.get(href!);
    expect(own.status()).toBe(200);
    expect(own.headers()['content-type']).toBe('application/pdf');
    const anonymous = await page.context().browser()!.newContext();
    expect((await anonymous.request.get(new URL(href!, page.url()).toString())).status()).toBe(401);
    await anonymous.close();

    // Onboarded: the application page sends the expert to the profile's Verification tab (decision 0083).
    await page.goto('/expert-verification');
    await expect(page).toHaveURL(/\/profile\?tab=verification$/);
  });

  test('an expert leaves onboarding incomplete, sees it, and refreshes the setup link', async ({ page }) => {
    await newExpert(page, 'incomplete-expert');
    await submitApplication(page);
    await page.getByRole('button', { name: /Leave setup incomplete/ }).click();

    await expect(page).toHaveURL(/\/profile\?tab=payments$/);
    await expect(page.getByText('Please complete your payment provider account setup to receive payments.').first()).toBeVisible();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByText('Payment setup incomplete')).toBeVisible();
    await expect(panel.getByText('Complete payment provider onboarding to receive payments')).toBeVisible();

    // A fresh link to the provider's page, then finishing there verifies the expert.
    await panel.getByRole('button', { name: 'Continue Setup' }).click();
    await expect(page).toHaveURL(/\/dev\/payments\/onboarding\//);
    await page.getByRole('button', { name: /Complete account setup/ }).click();
    await expect(page).toHaveURL(/\/profile\?tab=payments$/);
    await expect(page.getByText('Payment setup completed successfully!')).toBeVisible();
    await expect(page.getByRole('tabpanel').getByText('Verified Expert').first()).toBeVisible();
  });

  test('the saved application of an unfinished expert continues to payment setup', async ({ page }) => {
    await newExpert(page, 'returning-expert');
    await submitApplication(page);
    await page.goto('/expert-verification');
    await expect(page.getByText('Your application is saved')).toBeVisible();
    await page.getByRole('button', { name: 'Continue to Payment Setup' }).click();
    await expect(page).toHaveURL(/\/dev\/payments\/onboarding\//);
  });
});
