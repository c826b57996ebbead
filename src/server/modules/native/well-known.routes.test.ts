import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env';
import { createTestApp, type TestApp } from '../../test/test-app';
import { wellKnownRoutes } from './well-known.routes';

const FINGERPRINT_A = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0')).join(':');
const FINGERPRINT_B = Array.from({ length: 32 }, () => 'AB').join(':');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      IOS_TEAM_ID: 'ABCDE12345',
      IOS_BUNDLE_ID: 'com.example.shell',
      ANDROID_PACKAGE_NAME: 'com.example.shell',
      ANDROID_SHA256_CERT_FINGERPRINTS: `${FINGERPRINT_A}, ${FINGERPRINT_B}`,
    },
  });
});
afterAll(() => t.close());

describe('GET /.well-known/apple-app-site-association', () => {
  it('answers the app id of the configured team and bundle as JSON, excluding the API', async () => {
    const response = await t.request('GET', '/.well-known/apple-app-site-association');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await t.json<{
      applinks: { details: { appIDs: string[]; components: unknown[]; paths: string[] }[] };
    }>(response);
    const [details] = body.applinks.details;
    expect(details.appIDs).toEqual(['ABCDE12345.com.example.shell']);
    expect(details.components).toContainEqual({ '/': '/api/*', exclude: true });
    expect(details.components.at(-1)).toEqual({ '/': '*' });
    expect(details.paths).toContain('NOT /api/*');
  });

  it('is the same for a signed-in user (no session needed, none used)', async () => {
    const user = await t.createUser('client');
    const response = await t.request('GET', '/.well-known/apple-app-site-association', {
      cookie: user.cookie,
    });
    expect(response.status).toBe(200);
  });
});

describe('GET /.well-known/assetlinks.json', () => {
  it('answers the package and every fingerprint, upper-cased', async () => {
    const response = await t.request('GET', '/.well-known/assetlinks.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: 'com.example.shell',
          sha256_cert_fingerprints: [FINGERPRINT_A.toUpperCase(), FINGERPRINT_B],
        },
      },
    ]);
  });

  it('refuses to change state: POST is not a route', async () => {
    const response = await t.request('POST', '/.well-known/assetlinks.json', { body: {} });
    expect(response.status).toBe(404);
  });
});

describe('when the store identity is not configured', () => {
  const bare = wellKnownRoutes(loadEnv({ NODE_ENV: 'test' }));

  it.each(['/.well-known/apple-app-site-association', '/.well-known/assetlinks.json'])(
    '%s answers 404',
    async (path) => {
      const response = await bare.request(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    },
  );
});

describe('configuration is validated at boot', () => {
  it.each([
    ['a team id of the wrong length', { IOS_TEAM_ID: 'ABC' }, 'IOS_TEAM_ID'],
    ['a bundle id that is not one', { IOS_BUNDLE_ID: 'not a bundle' }, 'IOS_BUNDLE_ID'],
    ['a package name that is not one', { ANDROID_PACKAGE_NAME: 'shell' }, 'ANDROID_PACKAGE_NAME'],
    [
      'a short fingerprint',
      { ANDROID_SHA256_CERT_FINGERPRINTS: 'AB:CD' },
      'ANDROID_SHA256_CERT_FINGERPRINTS',
    ],
  ])('rejects %s', (_what, env, variable) => {
    expect(() => loadEnv({ NODE_ENV: 'test', ...env })).toThrow(variable);
  });

  it('defaults the bundle id and package name to the app id', () => {
    const env = loadEnv({ NODE_ENV: 'test' });
    expect(env.IOS_BUNDLE_ID).toBe('com.localexperts.app');
    expect(env.ANDROID_PACKAGE_NAME).toBe('com.localexperts.app');
    expect(env.ANDROID_SHA256_CERT_FINGERPRINTS).toEqual([]);
  });
});
