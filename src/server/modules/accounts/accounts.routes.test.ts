import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { createTestApp, type TestApp } from '../../test/test-app';

const signUp = (overrides: Record<string, string> = {}) => ({
  first_name: 'Robin',
  last_name: 'Hood',
  email: `robin-${Math.random().toString(36).slice(2)}@example.com`,
  password: 'sherwood1',
  confirm_password: 'sherwood1',
  ...overrides,
});

describe('POST /api/accounts/sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates the account, its profile, and sends the confirmation email through the outbox', async () => {
    const body = signUp();
    const response = await t.request('POST', '/api/accounts/sign-up', { body });
    expect(response.status).toBe(201);
    expect(await t.json(response)).toMatchObject({ message: messages.auth.accountCreated });

    const outbox = await t.app.request('/dev/outbox/messages?channel=email&recipient=' + body.email);
    const { messages: sent } = (await outbox.json()) as { messages: { action_url: string | null }[] };
    expect(sent).toHaveLength(1);
    expect(sent[0].action_url).toContain('/api/auth/verify-email?token=');
  });

  it('refuses login until the email is confirmed, then signs in after the link is opened', async () => {
    const body = signUp();
    await t.request('POST', '/api/accounts/sign-up', { body });
    const refused = await t.request('POST', '/api/auth/sign-in/email', { body: { email: body.email, password: body.password } });
    expect(refused.status).toBe(403);

    const outbox = await t.app.request('/dev/outbox/messages?channel=email&recipient=' + body.email);
    const { messages: sent } = (await outbox.json()) as { messages: { action_url: string }[] };
    const confirm = await t.app.request(sent[0].action_url);
    expect([200, 302]).toContain(confirm.status);

    const cookie = await t.signIn(body.email, body.password);
    const me = await t.json<{ profile: { first_name: string; role_selected_at: string | null }; roles: unknown }>(
      await t.request('GET', '/api/me', { cookie }),
    );
    expect(me.profile.first_name).toBe('Robin');
    expect(me.profile.role_selected_at).toBeNull();
    expect(me.roles).toEqual({ isAdmin: false, isExpert: false });
  });

  it('answers 409 with the spec text for an email that is already registered', async () => {
    const body = signUp();
    await t.request('POST', '/api/accounts/sign-up', { body });
    const again = await t.request('POST', '/api/accounts/sign-up', { body: { ...body, email: body.email.toUpperCase() } });
    expect(again.status).toBe(409);
    expect((await t.json<{ error: { message: string } }>(again)).error.message).toBe(messages.auth.emailAlreadyRegistered);
  });

  it.each([
    [{ first_name: '' }, messages.auth.requiredFields],
    [{ email: '' }, messages.auth.requiredFields],
    [{ password: '123', confirm_password: '123' }, messages.auth.passwordTooShort],
    [{ confirm_password: 'different1' }, messages.auth.passwordsDoNotMatch],
  ])('rejects %o with the spec text', async (overrides, text) => {
    const response = await t.request('POST', '/api/accounts/sign-up', { body: signUp(overrides) });
    expect(response.status).toBe(400);
    expect((await t.json<{ error: { message: string } }>(response)).error.message).toBe(text);
  });

  it('answers a body that is not JSON with a 400, not a 500', async () => {
    const response = await t.request('POST', '/api/accounts/sign-up', {
      body: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
  });

  it('refuses bad credentials', async () => {
    const user = await t.createUser('client');
    const response = await t.request('POST', '/api/auth/sign-in/email', { body: { email: user.email, password: 'wrong-one' } });
    expect(response.status).toBe(401);
  });
});
