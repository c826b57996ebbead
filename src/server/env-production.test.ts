import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { embeddedWarnings, EnvError, loadEnv, providerNames, SAMPLE_SECRETS } from './env';
import { pgliteDataDirOf } from './db/prebuilt';
import { prefillPgliteDataDir } from './test/test-db';
import { EMBEDDED_PRODUCTION_ENV } from './test/production-env';
import { serverProcessArgs } from './test/server-process';

const BASE = { NODE_ENV: 'production', PUBLIC_URL: 'https://app.example.com', AUTH_SECRET: 'k'.repeat(48) };
const CONFIGURED = {
  ...BASE,
  SMTP_URL: 'smtp://user:pass@smtp.example.com:587',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  TWILIO_ACCOUNT_SID: 'AC1',
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_FROM: '+15550000000',
  FCM_SERVICE_ACCOUNT_JSON: '{"project_id":"p"}',
  VAPID_PUBLIC_KEY: EMBEDDED_PRODUCTION_ENV.VAPID_PUBLIC_KEY,
  VAPID_PRIVATE_KEY: EMBEDDED_PRODUCTION_ENV.VAPID_PRIVATE_KEY,
  S3_BUCKET: 'files',
  S3_ACCESS_KEY_ID: 'id',
  S3_SECRET_ACCESS_KEY: 'secret',
};
const EVERY_MISSING = [
  'AUTH_SECRET',
  'PUBLIC_URL',
  'SMTP_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_FROM',
  'FCM_SERVICE_ACCOUNT_JSON',
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
];

const refusal = (source: Record<string, string>) => {
  try {
    loadEnv(source, { production: 'strict' });
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error('the environment was accepted');
};

describe('production refuses to start half-configured', () => {
  it('names every missing variable in one message', () => {
    const message = refusal({ NODE_ENV: 'production' });
    for (const variable of EVERY_MISSING) expect(message).toMatch(new RegExp(`^  ${variable}: `, 'm'));
  });

  it('names only what is missing', () => {
    const { SMTP_URL: _smtp, S3_BUCKET: _bucket, ...rest } = CONFIGURED;
    const message = refusal(rest);
    expect(message.split('\n').slice(1).map((line) => line.trim().split(':')[0])).toEqual(['SMTP_URL', 'S3_BUCKET']);
  });

  it('refuses the known sample secrets', () => {
    for (const secret of SAMPLE_SECRETS) {
      expect(refusal({ ...CONFIGURED, AUTH_SECRET: secret })).toMatch(/AUTH_SECRET: is a published sample secret/);
    }
  });

  it('starts fully configured with real providers and no warning', () => {
    const env = loadEnv(CONFIGURED, { production: 'strict' });
    expect(providerNames(env)).toEqual({
      email: 'smtp',
      payments: 'stripe',
      sms: 'twilio',
      push: 'fcm',
      webPush: 'web-push',
      storage: 's3',
    });
    expect(embeddedWarnings(env)).toEqual([]);
  });

  it('starts with every service explicitly embedded, with one warning each', () => {
    const env = loadEnv({ ...BASE, ...EMBEDDED_PRODUCTION_ENV, WEB_PUSH: 'outbox' }, { production: 'strict' });
    expect(providerNames(env)).toEqual({
      email: 'outbox',
      payments: 'local',
      sms: 'outbox',
      push: 'outbox',
      webPush: 'outbox',
      storage: 'disk',
    });
    const warnings = embeddedWarnings(env);
    expect(warnings).toHaveLength(6);
    expect(warnings.join('\n')).toMatch(/email is embedded \(outbox\): emails are kept in the database outbox and never sent/);
  });

  it('keeps every embedded default outside production (npm start needs no account)', () => {
    const env = loadEnv({}, { production: 'strict' });
    expect(Object.values(providerNames(env))).toEqual(['outbox', 'local', 'outbox', 'outbox', 'outbox', 'disk']);
    expect(embeddedWarnings(env)).toEqual([]);
  });

  it('an explicit real adapter needs its settings', () => {
    expect(() => loadEnv({ STORAGE: 's3' })).toThrow(/S3_BUCKET: is required with STORAGE=s3/);
    expect(() => loadEnv({ EMAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL: is required with EMAIL_TRANSPORT=smtp/);
  });
});

describe('idle keep-alive connections (HTTP_KEEP_ALIVE_TIMEOUT_MS)', () => {
  it('stay open 65 s by default, above a load balancer\'s 60 s, and the value is checked', () => {
    expect(loadEnv({}).HTTP_KEEP_ALIVE_TIMEOUT_MS).toBe(65_000);
    expect(loadEnv({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '120000' }).HTTP_KEEP_ALIVE_TIMEOUT_MS).toBe(120_000);
    expect(() => loadEnv({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '500' })).toThrow(/HTTP_KEEP_ALIVE_TIMEOUT_MS/);
    expect(() => loadEnv({ HTTP_KEEP_ALIVE_TIMEOUT_MS: 'soon' })).toThrow(/HTTP_KEEP_ALIVE_TIMEOUT_MS/);
  });
});

/** The answer's Keep-Alive header, asked over a kept-alive node:http connection. */
const keepAliveHeaderOf = (url: string) =>
  new Promise<string | undefined>((resolve, reject) => {
    const req = httpGet(url, { agent: new Agent({ keepAlive: true }) }, (res) => {
      res.resume();
      const value = res.headers['keep-alive'];
      resolve(Array.isArray(value) ? value[0] : value);
      req.destroy();
    });
    req.on('error', reject);
  });

describe('the server process in production', () => {
  const server = (env: Record<string, string>) =>
    spawn(process.execPath, serverProcessArgs(), {
      env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });

  it('exits with one message naming every missing variable', () => {
    const result = spawnSync(process.execPath, serverProcessArgs(), {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', AUTH_SECRET: SAMPLE_SECRETS[0] },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/AUTH_SECRET: is a published sample secret/);
    for (const variable of EVERY_MISSING.filter((name) => name !== 'AUTH_SECRET')) expect(result.stderr).toContain(`  ${variable}: `);
  }, 40_000);

  it('starts with explicit embedded choices and warns about each at start', async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'embedded-prod-'));
    await prefillPgliteDataDir(pgliteDataDirOf({ DATA_DIR: join(dataRoot, 'data') }));
    const child = server({ ...BASE, ...EMBEDDED_PRODUCTION_ENV, PUBLIC_URL: 'http://localhost', DATA_DIR: join(dataRoot, 'data') });
    const output: string[] = [];
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        const timer = setInterval(() => {
          const match = /"port":(\d+)[^\n]*"msg":"listening"/.exec(output.join(''));
          if (match) {
            clearInterval(timer);
            resolve(Number(match[1]));
          }
        }, 100);
        child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output.join('')}`)));
      });
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      // A load balancer's idle connection is never closed by the server first (65 s by default).
      expect(await keepAliveHeaderOf(`http://127.0.0.1:${port}/healthz`)).toBe('timeout=65');
      const warnings = output
        .join('')
        .split('\n')
        .filter((line) => line.includes('"embedded":true'))
        .map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(warnings.map((line) => line.msg.split(' ')[0])).toEqual(['email', 'payments', 'sms', 'push', 'storage']);
      expect(warnings.every((line) => line.level === 40)).toBe(true);
    } finally {
      child.kill('SIGKILL');
      rmSync(dataRoot, { recursive: true, force: true });
    }
  }, 120_000);
});
