import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { afterAll, describe, expect, it } from 'vitest';
import { createWebPushLibrarySender, loadVapidKeys, WebPushSendError } from './index';

const b64 = (value: string) => Buffer.from(value, 'base64url');

/** The browser's side of a subscription: its P-256 key pair and auth secret. */
function browser() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const target = {
    endpoint: 'https://push.example.test/send/abc',
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
  /** RFC 8291 (aes128gcm) decryption, as the browser does it. */
  function decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body[20];
    const serverKey = body.subarray(21, 21 + idLength);
    const cipherText = body.subarray(21 + idLength);
    const secret = ecdh.computeSecret(serverKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
    const ikm = Buffer.from(hkdfSync('sha256', secret, auth, keyInfo, 32));
    const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', key, nonce);
    decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
    const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 0x02, then optional zero padding.
    return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
  }
  return { target, decrypt };
}

/** Checks the VAPID header as a push service does: an ES256 JWT for this origin, signed by key k. */
function verifyVapid(authorization: string, audience: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  if (!match) return null;
  const [, jwt, publicKey] = match;
  const [header, claims, signature] = jwt.split('.');
  const point = b64(publicKey);
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const valid = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, b64(signature));
  const body = JSON.parse(b64(claims).toString('utf8')) as { aud: string; sub: string; exp: number };
  return valid && body.aud === audience ? { publicKey, subject: body.sub } : null;
}

/** A local push-service stand-in: verifies VAPID, keeps the encrypted bodies, answers `status`. */
function pushService(status = 201) {
  const received: Array<{ headers: Headers; body: Buffer }> = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    if (!verifyVapid(headers.get('authorization') ?? '', new URL(String(input)).origin)) return new Response('bad VAPID', { status: 403 });
    received.push({ headers, body: Buffer.from(init?.body as Uint8Array) });
    return new Response(null, { status });
  }) as typeof fetch;
  return { fetch: fetchImpl, received };
}

const keys = webpush.generateVAPIDKeys();
const payload = { title: 'Evidence Submitted', body: 'Review it within 24 hours.', url: '/task/t1', tag: 'n1' };

describe('web-push sender against a push-service stand-in', () => {
  it('signs with the VAPID key and encrypts the payload so only the browser can read it', async () => {
    const { target, decrypt } = browser();
    const service = pushService();
    await createWebPushLibrarySender({ keys, subject: 'mailto:ops@example.test', fetch: service.fetch }).send(target, payload);
    expect(service.received).toHaveLength(1);
    const [request] = service.received;
    expect(request.headers.get('content-encoding')).toBe('aes128gcm');
    expect(request.headers.get('ttl')).toBe(String(24 * 60 * 60));
    expect(verifyVapid(request.headers.get('authorization')!, 'https://push.example.test')).toEqual({ publicKey: keys.publicKey, subject: 'mailto:ops@example.test' });
    expect(request.body.includes(Buffer.from('Evidence'))).toBe(false);
    expect(JSON.parse(decrypt(request.body))).toEqual(payload);
    // Another browser's keys cannot read it.
    expect(() => browser().decrypt(request.body)).toThrow();
  });

  it('is refused by the stand-in when signed with another key pair', async () => {
    const { target } = browser();
    const service = pushService();
    const forged = { publicKey: keys.publicKey, privateKey: webpush.generateVAPIDKeys().privateKey };
    const error = await createWebPushLibrarySender({ keys: forged, subject: 'mailto:ops@example.test', fetch: service.fetch })
      .send(target, payload)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WebPushSendError);
    expect((error as WebPushSendError).status).toBe(403);
    expect((error as WebPushSendError).subscriptionGone).toBe(false);
  });

  it('says the subscription is gone on 404 and 410', async () => {
    for (const status of [404, 410]) {
      const error = await createWebPushLibrarySender({ keys, subject: 'mailto:ops@example.test', fetch: pushService(status).fetch })
        .send(browser().target, payload)
        .catch((caught: unknown) => caught);
      expect((error as WebPushSendError).subscriptionGone).toBe(true);
    }
  });
});

describe('VAPID keys', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vapid-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('generates a pair once under DATA_DIR and reads the same pair after a restart', () => {
    const first = loadVapidKeys({ dataDir: dir });
    expect(loadVapidKeys({ dataDir: dir })).toEqual(first);
    expect(JSON.parse(readFileSync(join(dir, 'vapid-keys.json'), 'utf8'))).toEqual(first);
    expect(statSync(join(dir, 'vapid-keys.json')).mode & 0o077).toBe(0);
  });

  it('takes the pair from the environment when both keys are set', () => {
    expect(loadVapidKeys({ dataDir: dir, publicKey: keys.publicKey, privateKey: keys.privateKey })).toEqual(keys);
  });
});
