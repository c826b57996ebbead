import { expect, test } from '@playwright/test';
import { DEMO, expectNoAxeViolationsAtBothWidths, logIn, logOut, signUpAndConfirm } from './fixtures';

test.describe('accounts and role onboarding', () => {
  test('a client signs up, confirms through the dev outbox, picks the client role and logs out', async ({ page }) => {
    await page.goto('/auth?mode=signup');
    await expectNoAxeViolationsAtBothWidths(page);
    const { email, password } = await signUpAndConfirm(page, 'new-client');

    // The confirmation link signs the user in; the role dialog cannot be dismissed.
    await expect(page).toHaveURL(/\/dashboard/);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('You can change your role later in profile settings.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /I need a task done/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Tasks' })).toBeVisible();

    await logOut(page);
    await logIn(page, email, password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('signing up twice with one email switches the form to login', async ({ page }) => {
    await page.goto('/auth?mode=signup');
    await page.getByLabel('First name').fill('Dup');
    await page.getByLabel('Last name').fill('User');
    await page.getByLabel('Email').fill(DEMO.client);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
    await page.getByLabel('Confirm password').fill('secret-pass-1');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('This email is already registered. Please log in instead.').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('sign-up validation shows the spec texts', async ({ page }) => {
    await page.goto('/auth?mode=signup');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Please fill in all required fields').first()).toBeVisible();
    await page.getByLabel('First name').fill('A');
    await page.getByLabel('Last name').fill('B');
    await page.getByLabel('Email').fill('a@example.com');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByLabel('Confirm password').fill('1234');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('123456');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    // The show/hide toggle reveals the password.
    await page.getByRole('button', { name: 'Show password' }).first().click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  });

  test('bad credentials are refused with the spec text', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('Email').fill(DEMO.client);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Invalid email or password. Please try again.').first()).toBeVisible();
  });

  test('a new expert picks the expert role and lands on the expert application', async ({ page }) => {
    await signUpAndConfirm(page, 'new-expert');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /I want to be an expert/ }).click();
    await expect(page).toHaveURL(/\/expert-verification$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Available Tasks' })).toBeVisible();
  });
});

test.describe('routing rules', () => {
  test('an admin goes from /, /dashboard and /auth to /admin', async ({ page }) => {
    await logIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/admin/);
    for (const path of ['/', '/dashboard', '/auth']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin/);
    }
  });

  test('a client is refused the admin area', async ({ page }) => {
    await logIn(page, DEMO.client);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have permission to access the admin area.")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a protected route sends a signed-out visitor to /auth and back after login', async ({ page }) => {
    await page.goto('/profile?tab=profile');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText('Please sign in to access this page')).toBeVisible();
    await page.getByLabel('Email').fill(DEMO.client);
    await page.getByLabel('Password', { exact: true }).fill('demo-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/profile\?tab=profile$/);
  });

  test('an unknown path shows the not-found page with a link home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectNoAxeViolationsAtBothWidths(page);
  });
});
