import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFcmPushSender, FCM_SCOPE, GOOGLE_TOKEN_URL, parseServiceAccount } from './fcm-adapter';
import { PushSendError, type PushSender } from './index';
import { startFcmStandIn, UNREGISTERED_ANSWER, type FcmStandIn } from './fcm.test-helpers';

const message = {
  token: 'device-token-1',
  title: 'New message',
  body: 'Ann wrote to you',
  data: { taskId: 't1', unread: 3, urgent: true },
};

let google: FcmStandIn;
let sender: PushSender;
beforeEach(async () => {
  google = await startFcmStandIn();
  sender = createFcmPushSender({ serviceAccount: google.account, apiBaseUrl: google.apiBaseUrl });
});
afterEach(async () => {
  vi.useRealTimers();
  await google.close();
});

describe('FCM push sender (google-auth-library) against a loopback token endpoint and FCM', () => {
  it('gets an access token with a signed service-account assertion and sends the v1 message as Bearer', async () => {
    await sender.send(message);
    expect(google.tokenRequests).toHaveLength(1);
    // The stand-in verified the RS256 signature against the account's public key.
    expect(google.verifiedClaims[0]).toMatchObject({ iss: google.account.client_email, scope: FCM_SCOPE, aud: GOOGLE_TOKEN_URL });
    expect(google.sendRequests).toHaveLength(1);
    const [request] = google.sendRequests;
    expect(request.authorization).toBe('Bearer access-1');
    expect(JSON.parse(request.body)).toEqual({
      message: {
        token: 'device-token-1',
        notification: { title: 'New message', body: 'Ann wrote to you' },
        data: { taskId: 't1', unread: '3', urgent: 'true' },
      },
    });
  });

  it('leaves data out when there is none', async () => {
    await sender.send({ token: 'x', title: 'T', body: 'B' });
    expect(JSON.parse(google.sendRequests[0].body).message).not.toHaveProperty('data');
  });

  it('reuses the token until shortly before it expires, and shares one exchange between concurrent sends', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T10:00:00Z') });
    await Promise.all([sender.send(message), sender.send(message)]);
    vi.setSystemTime(new Date('2026-03-01T10:50:00Z'));
    await sender.send(message);
    expect(google.tokenRequests).toHaveLength(1);
    // 56 minutes in: within the library's 5-minute renewal margin of the 3599 s token.
    vi.setSystemTime(new Date('2026-03-01T10:56:00Z'));
    await sender.send(message);
    expect(google.tokenRequests).toHaveLength(2);
    expect(google.sendRequests.map((r) => r.authorization)).toEqual(['Bearer access-1', 'Bearer access-1', 'Bearer access-1', 'Bearer access-2']);
  });

  it('gets a fresh token and retries once when FCM answers 401', async () => {
    google.answerSends({ status: 401, body: { error: { code: 401, message: 'expired', status: 'UNAUTHENTICATED' } } });
    await sender.send(message);
    expect(google.tokenRequests).toHaveLength(2);
    expect(google.sendRequests.map((r) => r.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
  });

  it('throws a PushSendError that says when the device token is gone', async () => {
    google.answerSends(UNREGISTERED_ANSWER);
    const failure = await sender.send(message).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PushSendError);
    expect((failure as PushSendError).errorCode).toBe('UNREGISTERED');
    expect((failure as PushSendError).tokenGone).toBe(true);
    expect((failure as PushSendError).message).toContain('Requested entity was not found.');
  });

  it('throws a PushSendError, token not gone, when FCM is unavailable', async () => {
    google.answerSends({ status: 503 });
    const failure = await sender.send(message).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PushSendError);
    expect((failure as PushSendError).status).toBe(503);
    expect((failure as PushSendError).tokenGone).toBe(false);
  });

  it('throws when the token exchange is refused, and sends nothing', async () => {
    google.refuseTokens();
    await expect(sender.send(message)).rejects.toThrow('FCM authorization failed: Invalid JWT Signature.');
    expect(google.sendRequests).toHaveLength(0);
  });
});

describe('parseServiceAccount', () => {
  it('reads the JSON, repairing a key pasted with literal \\n', () => {
    const flattened = JSON.stringify({
      ...google.account,
      private_key: google.account.private_key.replace(/\n/g, '\\n'),
      type: 'service_account',
    });
    const parsed = parseServiceAccount(flattened);
    expect(parsed.private_key).toBe(google.account.private_key);
    expect(parsed.project_id).toBe('demo-project');
  });

  it('reads a key file when given its path', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fcm-'));
    try {
      const path = join(dir, 'key.json');
      writeFileSync(path, JSON.stringify(google.account));
      expect(parseServiceAccount(path).client_email).toBe(google.account.client_email);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names what is missing', () => {
    expect(() => parseServiceAccount('{"project_id":"p"}')).toThrow('lacks client_email, private_key');
    expect(() => parseServiceAccount('{not json')).toThrow('not valid JSON');
  });
});
