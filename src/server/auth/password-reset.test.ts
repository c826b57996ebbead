import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authVerifications } from '../db/schema';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test/test-app';

interface OutboxMail {
  action_url: string | null;
  subject: string | null;
  body: string;
  data: { html?: string } | null;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function mailsTo(email: string): Promise<OutboxMail[]> {
  const response = await t.app.request(`/dev/outbox/messages?channel=email&recipient=${encodeURIComponent(email)}`);
  return ((await response.json()) as { messages: OutboxMail[] }).messages;
}

const requestReset = (email: string) =>
  t.request('POST', '/api/auth/request-password-reset', { body: { email, redirectTo: '/auth/reset-password' } });

/** Follows the mailed link the way a browser does: Better Auth redirects to the page with the token. */
async function tokenFromMail(email: string): Promise<string> {
  const [mail] = await mailsTo(email);
  const response = await t.app.request(mail.action_url!);
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!, 'http://localhost');
  expect(location.pathname).toBe('/auth/reset-password');
  return location.searchParams.get('token')!;
}

describe('password reset', () => {
  it('mails a link (HTML and text) that sets a new password once, revokes every session and refuses the old password', async () => {
    const user = await t.createUser('client');
    const response = await requestReset(user.email);
    expect(response.status).toBe(200);
    const [mail] = await mailsTo(user.email);
    expect(mail.subject).toContain('Reset your');
    expect(mail.body).toContain(mail.action_url);
    expect(mail.data?.html).toContain(mail.action_url!.replace(/&/g, '&amp;'));

    const token = await tokenFromMail(user.email);
    const reset = await t.request('POST', '/api/auth/reset-password', { body: { token, newPassword: 'brand-new-pass' } });
    expect(reset.status).toBe(200);

    expect((await t.request('GET', '/api/me', { cookie: user.cookie })).status).toBe(401);
    const oldPassword = await t.request('POST', '/api/auth/sign-in/email', { body: { email: user.email, password: TEST_PASSWORD } });
    expect(oldPassword.status).toBe(401);
    await t.signIn(user.email, 'brand-new-pass');

    const again = await t.request('POST', '/api/auth/reset-password', { body: { token, newPassword: 'another-pass1' } });
    expect(again.status).toBe(400);
  });

  it('answers an unknown email exactly like a known one and mails nobody', async () => {
    const user = await t.createUser('client');
    const known = await requestReset(user.email);
    const unknown = await requestReset('nobody-here@example.com');
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect(await mailsTo('nobody-here@example.com')).toHaveLength(0);
  });

  it('gives the link one hour, and refuses it once that hour has passed', async () => {
    const user = await t.createUser('client');
    await requestReset(user.email);
    const token = await tokenFromMail(user.email);
    // Better Auth keeps its own time (not the test clock): check the stored expiry, then move it into the past.
    const identifier = `reset-password:${token}`;
    const [row] = await t.db.select().from(authVerifications).where(eq(authVerifications.identifier, identifier));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(59 * 60 * 1000);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(60 * 60 * 1000 + 1000);
    await t.db
      .update(authVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authVerifications.identifier, identifier));
    const reset = await t.request('POST', '/api/auth/reset-password', { body: { token, newPassword: 'brand-new-pass' } });
    expect(reset.status).toBe(400);
  });

  it('refuses a new password shorter than the sign-up rule', async () => {
    const user = await t.createUser('client');
    await requestReset(user.email);
    const token = await tokenFromMail(user.email);
    const reset = await t.request('POST', '/api/auth/reset-password', { body: { token, newPassword: 'abc' } });
    expect(reset.status).toBe(400);
  });
});

describe('email change', () => {
  it('asks the old address to approve, then verifies the new one and moves the profile email', async () => {
    const user = await t.createUser('client');
    const newEmail = `moved-${user.id.slice(0, 8)}@example.com`;
    const response = await t.request('POST', '/api/auth/change-email', {
      cookie: user.cookie,
      body: { newEmail, callbackURL: '/profile' },
    });
    expect(response.status).toBe(200);
    const [notice] = await mailsTo(user.email);
    expect(notice.body).toContain(newEmail);
    expect(await mailsTo(newEmail)).toHaveLength(0);

    await t.app.request(notice.action_url!, { headers: { cookie: user.cookie } });
    const [verification] = await mailsTo(newEmail);
    expect(verification).toBeDefined();
    await t.app.request(verification.action_url!, { headers: { cookie: user.cookie } });
    const me = await t.json<{ profile: { email: string } }>(await t.request('GET', '/api/me', { cookie: user.cookie }));
    expect(me.profile.email).toBe(newEmail);
  });
});
