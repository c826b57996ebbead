import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeOf } from '../auth/two-factor';
import { EMBEDDED_PRODUCTION_ENV } from '../test/production-env';

/**
 * The production smoke test (issue 53, decision 0436): the compiled server with NODE_ENV=production
 * on a new PostgreSQL database, its mail sent over SMTP to a server this test runs (smtp-server). A
 * visitor signs up and confirms through the mailed link; `admin:create` makes them an admin; the
 * admin area refuses them until they set up two-factor sign-in, then opens. Needs PostgreSQL
 * (TEST_DATABASE_URL, as in CI). The server is compiled into a folder of its own, so the load test
 * running beside the suite keeps its dist/server.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const root = resolve(`.tmp/production-smoke-${randomUUID()}`);
const PASSWORD = 'smoke-test-password-1';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

describe.skipIf(!databaseUrl)('production smoke test', () => {
  const mails: Mail[] = [];
  let smtp: SMTPServer;
  let server: ChildProcess;
  let origin = '';
  let env: Record<string, string> = {};
  const databaseName = `app_smoke_${randomUUID().replace(/-/g, '')}`;
  const output: string[] = [];

  async function admin(sql: string) {
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  }

  const freePort = () =>
    new Promise<number>((done) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => done(port));
      });
    });

  beforeAll(async () => {
    // The compiled server and its tools, as scripts/build/server.mjs makes them, in a folder of its own.
    const outdir = join(root, 'server');
    await build({
      entryPoints: { main: 'src/server/main.ts', 'pglite-worker': 'src/server/db/pglite-thread/worker.ts', 'admin-create': 'src/server/tools/admin-create.ts' },
      outdir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      tsconfig: 'tsconfig.json',
      logLevel: 'warning',
    });
    cpSync('src/server/db/migrations', join(outdir, 'migrations'), { recursive: true });

    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            for (const rcpt of session.envelope.rcptTo) mails.push({ to: rcpt.address, subject: parsed.subject ?? '', text: parsed.text ?? '' });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((done) => smtp.listen(0, '127.0.0.1', done));
    const smtpPort = (smtp.server.address() as AddressInfo).port;

    await admin(`CREATE DATABASE ${databaseName}`);
    const url = new URL(databaseUrl!);
    url.pathname = `/${databaseName}`;
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    mkdirSync(join(root, 'data'), { recursive: true });
    env = {
      PATH: process.env.PATH ?? '',
      ...EMBEDDED_PRODUCTION_ENV,
      NODE_ENV: 'production',
      EMAIL_TRANSPORT: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      EMAIL_FROM: 'Smoke <no-reply@example.com>',
      DATABASE_URL: url.toString(),
      AUTH_SECRET: 'a-secret-only-the-smoke-test-uses-0123456789',
      PUBLIC_URL: origin,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(root, 'data'),
      LOG_LEVEL: 'warn',
    };
    server = spawn(process.execPath, [join(outdir, 'main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    for (let i = 0; ; i += 1) {
      if (server.exitCode !== null) throw new Error(`the server exited: ${output.join('')}`);
      const ready = await fetch(`${origin}/readyz`).catch(() => null);
      if (ready?.ok) break;
      if (i > 900) throw new Error(`the server never became ready: ${output.join('')}`);
      await new Promise((done) => setTimeout(done, 100));
    }
    // Generous for a loaded CI machine; it takes about 10 s.
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((done) => server.once('exit', done));
    }
    await new Promise<void>((done) => (smtp ? smtp.close(done) : done()));
    await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  });

  const cookieOf = (response: Response, previous = '') => {
    const fresh = response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0]!)
      .filter((cookie) => !cookie.endsWith('='));
    return fresh.length > 0 ? fresh.join('; ') : previous;
  };
  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const get = (path: string, cookie?: string) => fetch(`${origin}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });

  async function mailTo(address: string, subject: RegExp): Promise<Mail> {
    for (let i = 0; i < 150; i += 1) {
      const mail = mails.find((entry) => entry.to === address && subject.test(entry.subject));
      if (mail) return mail;
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error(`no mail "${subject.source}" to ${address}; got ${JSON.stringify(mails.map((m) => [m.to, m.subject]))}\n${output.join('')}`);
  }

  it('signs up by SMTP confirmation, makes the admin with admin:create, forces two-factor, then opens the admin area', async () => {
    const email = `smoke-${randomUUID().slice(0, 8)}@example.com`;
    const signUp = await post('/api/auth/sign-up/email', { email, password: PASSWORD, name: 'Smoke Admin', firstName: 'Smoke', lastName: 'Admin' });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    // Unconfirmed: no sign-in yet.
    expect((await post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(403);

    const confirmation = await mailTo(email, /Confirm your email address/);
    const link = /(https?:\/\/\S+verify-email\S+)/.exec(confirmation.text)?.[1];
    expect(link?.startsWith(`${origin}/api/auth/verify-email`)).toBe(true);
    const confirmed = await fetch(link!, { redirect: 'manual' });
    expect([200, 302]).toContain(confirmed.status);

    const tool = spawnSync(process.execPath, [join(root, 'server', 'admin-create.js'), '--email', email], { env, encoding: 'utf8', timeout: 30_000 });
    expect(tool.stderr).toBe('');
    expect(tool.stdout).toContain(`${email} is now an admin`);

    const signIn = await post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    let cookie = cookieOf(signIn);
    const refused = await get('/api/admin/system', cookie);
    expect(refused.status).toBe(403);
    // Not only the admin area: every route but the setup ones (decision 0474).
    const elsewhere = await get('/api/notifications', cookie);
    expect(elsewhere.status).toBe(403);
    expect(((await elsewhere.json()) as { error: { code: string } }).error.code).toBe('two_factor_required');
    expect((await get('/api/me', cookie)).status).toBe(200);

    // The forced setup: enable with the password, verify a code of the new secret.
    const enabled = await post('/api/auth/two-factor/enable', { password: PASSWORD }, cookie);
    expect(enabled.status).toBe(200);
    cookie = cookieOf(enabled, cookie);
    const { totpURI } = (await enabled.json()) as { totpURI: string };
    const secret = Buffer.from(base32Decode(new URL(totpURI).searchParams.get('secret')!)).toString('utf8');
    const verified = await post('/api/auth/two-factor/verify-totp', { code: await totpCodeOf(secret) }, cookie);
    expect(verified.status).toBe(200);
    cookie = cookieOf(verified, cookie);

    const system = await get('/api/admin/system', cookie);
    expect(system.status).toBe(200);
    const status = (await system.json()) as { versions: { database: string }; providers: { service: string; provider: string }[] };
    expect(status.versions.database).toBe('postgresql');
    expect(status.providers).toContainEqual({ service: 'email', provider: 'smtp', embedded: false });
    expect((await get('/api/admin/overview', cookie)).status).toBe(200);
    expect((await get('/api/notifications', cookie)).status).toBe(200);
    // PAYMENTS_PROVIDER=local: its own pages are served in production, marked as test pages (decision 0474).
    const paymentPage = await get('/dev/payments/onboarding/no-such-link', cookie);
    expect(paymentPage.status).toBe(404);
    expect(await paymentPage.text()).toContain('class="test-banner"');
    if (existsSync('dist/web/index.html')) {
      const page = await get('/admin', cookie);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
    }
  }, 90_000);
});

function base32Decode(text: string): Uint8Array {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return new Uint8Array(bytes);
}
