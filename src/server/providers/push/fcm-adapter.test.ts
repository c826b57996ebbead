import { generateKeyPairSync, verify } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import { createFcmPushSender, parseServiceAccount, type FcmServiceAccount } from './fcm-adapter';
import { PushSendError } from './push-sender';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const account: FcmServiceAccount = {
  project_id: 'demo-project',
  client_email: 'push@demo-project.iam.gserviceaccount.com',
  private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};

const decodeJson = (part: string) =>
  JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

interface Captured {
  url: string;
  headers: Headers;
  body: string;
}

/** Plays Google's token endpoint and FCM; `sendStatuses` are answered to successive sends (then 200). */
function fakeGoogle(options: { sendStatuses?: number[]; sendError?: unknown; tokenStatus?: number } = {}) {
  const tokenRequests: Captured[] = [];
  const sendRequests: Captured[] = [];
  const statuses = [...(options.sendStatuses ?? [])];
  let issued = 0;
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const captured = { url: String(input), headers: new Headers(init?.headers), body: String(init?.body) };
    if (captured.url === 'https://oauth2.googleapis.com/token') {
      tokenRequests.push(captured);
      if (options.tokenStatus) {
        return Response.json(
          { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' },
          { status: options.tokenStatus },
        );
      }
      issued += 1;
      return Response.json({ access_token: `access-${issued}`, expires_in: 3599, token_type: 'Bearer' });
    }
    sendRequests.push(captured);
    const status = statuses.shift() ?? 200;
    if (status === 200) return Response.json({ name: 'projects/demo-project/messages/1' });
    return Response.json(
      options.sendError ?? { error: { code: status, message: 'failed', status: 'UNAUTHENTICATED' } },
      { status },
    );
  }) as typeof fetch;
  return { fetch: fetchImpl, tokenRequests, sendRequests };
}

const message = {
  token: 'device-token-1',
  title: 'New message',
  body: 'Ann wrote to you',
  data: { taskId: 't1', unread: 3, urgent: true },
};

describe('FCM push sender', () => {
  it('signs an RS256 JWT with the service account claims and exchanges it for an access token', async () => {
    const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
    const google = fakeGoogle();
    await createFcmPushSender({ serviceAccount: account, fetch: google.fetch, now: clock.now }).send(message);

    expect(google.tokenRequests).toHaveLength(1);
    const form = new URLSearchParams(google.tokenRequests[0].body);
    expect(google.tokenRequests[0].headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const [header, claims, signature] = form.get('assertion')!.split('.');
    expect(decodeJson(header)).toEqual({ alg: 'RS256', typ: 'JWT' });
    const issuedAt = Date.parse('2026-03-01T10:00:00Z') / 1000;
    expect(decodeJson(claims)).toEqual({
      iss: account.client_email,
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
      aud: 'https://oauth2.googleapis.com/token',
      iat: issuedAt,
      exp: issuedAt + 3600,
    });
    const valid = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${claims}`),
      publicKey,
      Buffer.from(signature, 'base64url'),
    );
    expect(valid).toBe(true);
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    expect(
      verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), otherKey, Buffer.from(signature, 'base64url')),
    ).toBe(false);
  });

  it('posts the v1 message with the bearer token and string data values', async () => {
    const google = fakeGoogle();
    await createFcmPushSender({ serviceAccount: account, fetch: google.fetch }).send(message);
    expect(google.sendRequests).toHaveLength(1);
    const [request] = google.sendRequests;
    expect(request.url).toBe('https://fcm.googleapis.com/v1/projects/demo-project/messages:send');
    expect(request.headers.get('authorization')).toBe('Bearer access-1');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      message: {
        token: 'device-token-1',
        notification: { title: 'New message', body: 'Ann wrote to you' },
        data: { taskId: 't1', unread: '3', urgent: 'true' },
      },
    });
  });

  it('leaves data out when there is none', async () => {
    const google = fakeGoogle();
    await createFcmPushSender({ serviceAccount: account, fetch: google.fetch }).send({
      token: 'x',
      title: 'T',
      body: 'B',
    });
    expect(JSON.parse(google.sendRequests[0].body).message).not.toHaveProperty('data');
  });

  it('reuses the access token until shortly before it expires, and shares one exchange between concurrent sends', async () => {
    const clock = manualClock();
    const google = fakeGoogle();
    const sender = createFcmPushSender({ serviceAccount: account, fetch: google.fetch, now: clock.now });
    await Promise.all([sender.send(message), sender.send(message)]);
    clock.advance(50 * 60 * 1000);
    await sender.send(message);
    expect(google.tokenRequests).toHaveLength(1);
    clock.advance(9 * 60 * 1000); // 59 minutes in: within the renewal margin of the 3599 s token.
    await sender.send(message);
    expect(google.tokenRequests).toHaveLength(2);
    expect(google.sendRequests.at(-1)!.headers.get('authorization')).toBe('Bearer access-2');
  });

  it('gets a fresh token and retries once when FCM answers 401', async () => {
    const google = fakeGoogle({ sendStatuses: [401] });
    await createFcmPushSender({ serviceAccount: account, fetch: google.fetch }).send(message);
    expect(google.tokenRequests).toHaveLength(2);
    expect(google.sendRequests.map((r) => r.headers.get('authorization'))).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
  });

  it('throws a PushSendError that says when the device token is gone', async () => {
    const google = fakeGoogle({
      sendStatuses: [404],
      sendError: {
        error: {
          code: 404,
          message: 'Requested entity was not found.',
          status: 'NOT_FOUND',
          details: [
            { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' },
          ],
        },
      },
    });
    const failure = await createFcmPushSender({ serviceAccount: account, fetch: google.fetch })
      .send(message)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PushSendError);
    expect((failure as PushSendError).errorCode).toBe('UNREGISTERED');
    expect((failure as PushSendError).tokenGone).toBe(true);
    expect((failure as PushSendError).message).toContain('Requested entity was not found.');
  });

  it('throws when the token exchange is refused', async () => {
    const google = fakeGoogle({ tokenStatus: 400 });
    await expect(
      createFcmPushSender({ serviceAccount: account, fetch: google.fetch }).send(message),
    ).rejects.toThrow('FCM authorization failed: Invalid JWT Signature.');
    expect(google.sendRequests).toHaveLength(0);
  });
});

describe('parseServiceAccount', () => {
  it('reads the JSON, repairing a key pasted with literal \\n', () => {
    const flattened = JSON.stringify({
      ...account,
      private_key: account.private_key.replace(/\n/g, '\\n'),
      type: 'service_account',
    });
    const parsed = parseServiceAccount(flattened);
    expect(parsed.private_key).toBe(account.private_key);
    expect(parsed.project_id).toBe('demo-project');
  });

  it('reads a key file when given its path', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fcm-'));
    try {
      const path = join(dir, 'key.json');
      writeFileSync(path, JSON.stringify(account));
      expect(parseServiceAccount(path).client_email).toBe(account.client_email);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names what is missing', () => {
    expect(() => parseServiceAccount('{"project_id":"p"}')).toThrow('lacks client_email, private_key');
    expect(() => parseServiceAccount('{not json')).toThrow('not valid JSON');
  });
});
