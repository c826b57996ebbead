import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { axeViolations } from './axe';

/**
 * Headers for API shortcuts through `page.request` (which, unlike the browser, sends no Origin): the
 * server refuses state-changing requests from any other origin (docs/decisions/0060).
 */
export const sameOrigin = (page: Page) => ({ origin: new URL(page.url()).origin });

/** Every demo account's password (see the server's start banner). */
export const DEMO_PASSWORD = 'demo-password';
export const DEMO = {
  admin: 'admin@example.com',
  client: 'client@example.com',
  client2: 'client2@example.com',
  expert: 'expert1@example.com',
} as const;

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}@example.com`;

/**
 * WCAG A/AA checks of the page. Toasts are left out: they fade in and out, and axe measures the
 * contrast of a half-transparent toast mid-animation (their settled colours pass AA).
 */
export async function expectNoAxeViolations(page: Page) {
  const violations = await axeViolations(page, ['[data-sonner-toaster]']);
  expect(violations.map((v) => `${v.id}: ${v.targets.join(', ')}`)).toEqual([]);
}

/**
 * What a screen reader user relies on to find their way (issue 25): one main landmark, one h1, and
 * no heading that skips a level going down. Only rendered headings count (a hidden duplicate for
 * another width does not); the components' own check is src/web/test/page-structure.ts.
 */
export async function expectSoundPageStructure(page: Page) {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const shown = (element: Element) => element.getClientRects().length > 0;
    const mains = [...document.querySelectorAll('main, [role="main"]')].filter(shown).length;
    if (mains !== 1) found.push(`${mains} main landmarks`);
    const headings = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter(shown);
    const h1s = headings.filter((heading) => heading.tagName === 'H1').length;
    if (h1s !== 1) found.push(`${h1s} h1 headings`);
    let previous = 0;
    for (const heading of headings) {
      const level = Number(heading.tagName.slice(1));
      if (previous > 0 && level > previous + 1) found.push(`h${previous} then h${level} ("${heading.textContent?.trim()}")`);
      previous = level;
    }
    return found;
  });
  expect(problems, `page structure of ${page.url()}`).toEqual([]);
}

/**
 * axe and the page-structure check at 1280 px and at 390 px (a phone) on the page as it is: the
 * viewport is resized and the checks run again, rather than the journey (issue 25). The viewport
 * is put back as it was afterwards.
 */
export async function expectNoAxeViolationsAtBothWidths(page: Page) {
  // The second width's axe run takes seconds on a busy machine: the journey's time budget grows by as much.
  test.info().setTimeout(test.info().timeout + 15_000);
  // The page as the user reads it, not its loading state: a lazily loaded route shows "Loading..."
  // until its code arrives, and a fast runner can get here first (the checks would then judge the
  // fallback, which has no main landmark or h1 of its own).
  await page.waitForFunction(() => {
    const shown = (element: Element) => element.getClientRects().length > 0;
    return [...document.querySelectorAll('main, [role="main"]')].some(shown) && [...document.querySelectorAll('h1')].some(shown);
  });
  const before = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [1280, 390]) {
    const height = width === before.width ? before.height : width === 390 ? 844 : 720;
    if (width !== before.width || height !== before.height) await page.setViewportSize({ width, height });
    // Two frames: the layout and any width-driven re-render settle before axe reads the page.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expectNoAxeViolations(page);
    await expectSoundPageStructure(page);
  }
  if (before.width !== 390 || before.height !== 844) await page.setViewportSize(before);
}

interface OutboxMessage {
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  action_url: string | null;
}

/** The newest dev-outbox message to `recipient` on `channel`, waiting for it to arrive. */
export async function latestOutboxMessage(request: APIRequestContext, channel: 'email' | 'sms' | 'push', recipient: string) {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/outbox/messages?channel=${channel}&recipient=${encodeURIComponent(recipient)}`);
      const body = (await response.json()) as { messages: OutboxMessage[] };
      found = body.messages[0];
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

export async function signUpThroughUi(page: Page, user: { firstName: string; lastName: string; email: string; password: string }) {
  await page.goto('/auth?mode=signup');
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Account created! Please check your email to confirm your registration.').first()).toBeVisible();
}

/** Opens the confirmation link from the dev outbox, as a person would from their inbox. */
export async function confirmEmail(page: Page, email: string) {
  const message = await latestOutboxMessage(page.request, 'email', email);
  expect(message.action_url).toBeTruthy();
  await page.goto(message.action_url!);
}

/**
 * The demo admin's authenticator secret (README, "Demo accounts"): admins must have two-factor
 * sign-in, so logIn answers the code step with this secret's current code when it appears.
 */
export const DEMO_TOTP_SECRET = 'demo-admin-totp-secret-000000000';

/** The current 6-digit code of a raw TOTP secret (RFC 6238, SHA-1, 30 s), as an authenticator app shows it. */
export function totpCode(secret = DEMO_TOTP_SECRET, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', Buffer.from(secret, 'utf8')).update(counter).digest();
  const offset = mac[mac.length - 1]! & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const signedIn = page.getByText('Successfully signed in!');
  const codeStep = page.getByLabel('Authentication code');
  await expect(signedIn.or(codeStep).first()).toBeVisible();
  if (await codeStep.isVisible()) {
    await codeStep.fill(totpCode());
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(signedIn).toBeVisible();
}

/** A brand-new confirmed account that has not chosen a role yet, signed in. */
export async function signUpAndConfirm(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  const password = 'secret-pass-1';
  await signUpThroughUi(page, { firstName: 'Pat', lastName: 'Newcomer', email, password });
  await confirmEmail(page, email);
  return { email, password };
}

export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}
