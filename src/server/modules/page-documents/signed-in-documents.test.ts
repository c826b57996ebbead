import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createApp } from '../../app';
import { authSessions, systemSettings } from '../../db/schema';
import { createTask } from '../../test/builders';
import { LANDING_SHELL_SCRIPT } from '@shared/landing-shell';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { BUILT_INDEX_HTML, createAppWithWebRoot } from '../../test/web-root';

let t: TestApp;
let removeWebRoot: () => void;
let app: ReturnType<typeof createApp>;
let client: TestUser;
let otherClient: TestUser;
let expert: TestUser;
let admin: TestUser;
let openTaskId: string;
let assignedTaskId: string;

beforeAll(async () => {
  t = await createTestApp();
  [client, otherClient, expert, admin] = await Promise.all([
    t.createUser('client'),
    t.createUser('client'),
    t.createUser('expert'),
    t.createUser('admin'),
  ]);
  openTaskId = (
    await createTask(t.db, {
      client_id: client.id,
      title: 'Check the <b>boat</b> & "trailer"',
      budget: 12_000,
      created_at: new Date('2026-03-04T12:00:00Z'),
    })
  ).id;
  assignedTaskId = (
    await createTask(t.db, {
      client_id: client.id,
      expert_id: expert.id,
      status: 'assigned',
      title: 'Walk through the loft',
      budget: 30_000,
      created_at: new Date('2026-03-03T12:00:00Z'),
    })
  ).id;
  ({ app, remove: removeWebRoot } = createAppWithWebRoot(t));
});
afterAll(async () => {
  removeWebRoot();
  await t.close();
});

const get = (path: string, user?: TestUser) =>
  app.request(`${TEST_ORIGIN}${path}`, { headers: user ? { cookie: user.cookie } : {} });
/** The first reads a document carries (decisions 0413, 0414), or undefined when it carries none. */
const readsOf = (html: string) => {
  const island = /<script type="application\/json" id="first-reads">(.*?)<\/script>/s.exec(html)?.[1];
  return island === undefined ? undefined : (JSON.parse(island) as Record<string, unknown>);
};
const shellOf = (html: string) =>
  /<div id="page-shell" aria-hidden="true">(.*?)<\/div><style>#page-shell~#root/s.exec(html)?.[1];

describe("GET /dashboard (the client's dashboard as a document)", () => {
  it("carries the client's heading and task cards, escaped and newest first, in place of the landing hero", async () => {
    const response = await get('/dashboard', client);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    const html = await response.text();
    const shell = shellOf(html);
    expect(shell).toBeDefined();
    expect(shell).toContain('My Tasks');
    expect(shell).toContain('Create Task');
    expect(shell).toContain('Check the &lt;b&gt;boat&lt;/b&gt; &amp; &quot;trailer&quot;');
    expect(shell!.indexOf('Check the')).toBeLessThan(shell!.indexOf('Walk through the loft'));
    expect(shell).toContain('$120.00');
    expect(shell).toContain('Open for Applications');
    expect(shell).toContain('Created Mar 4, 2026');
    expect(shell).toContain('0 applications');
    // Only the assigned task links its expert.
    expect(
      shell!.match(/View the assigned expert&#39;s profile|View the assigned expert's profile/g),
    ).toHaveLength(1);
    expect(html).not.toContain('<b>boat');
    expect(html).not.toContain(LANDING_SHELL_SCRIPT);
    expect(html).toContain(
      '<style>#page-shell~#root{display:none}</style><div id="root"><p>splash</p></div>',
    );
  });

  it('is the plain index.html when signed out, for an expert, an admin, a client with no task, and a stale cookie', async () => {
    const stale = { ...client, cookie: 'better-auth.session_token=not-a-session' };
    for (const [name, user] of [
      ['signed out', undefined],
      ['expert', expert],
      ['admin', admin],
      ['client without tasks', otherClient],
      ['stale cookie', stale],
    ] as const) {
      const response = await get('/dashboard', user);
      expect(response.status, name).toBe(200);
      expect(await response.text(), name).toBe(BUILT_INDEX_HTML);
      expect(response.headers.get('cache-control'), name).toBe('no-cache');
    }
  });
});

describe('the documents made per request, as a browser asks for them', () => {
  it('are gzipped, with the same content and headers, and the plain document for a client without gzip', async () => {
    for (const [path, user] of [['/dashboard', client], [`/task/${openTaskId}`, client]] as const) {
      const plain = await get(path, user);
      const zipped = await app.request(`${TEST_ORIGIN}${path}`, {
        headers: { cookie: user.cookie, 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      for (const response of [plain, zipped]) {
        expect(response.headers.get('cache-control')).toBe('private, no-cache');
        expect(response.headers.get('vary')).toContain('Accept-Encoding');
        expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      }
      const plainHtml = await plain.text();
      const html = gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString();
      expect(shellOf(html)).toBe(shellOf(plainHtml));
      expect(shellOf(html)).toContain('Check the &lt;b&gt;boat&lt;/b&gt;');
    }
  });
});

describe("GET /task/:id (a task's header as a document)", () => {
  it("carries the task's title, status and budget, with the owner's Edit and Cancel buttons", async () => {
    const response = await get(`/task/${openTaskId}`, client);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    const shell = shellOf(await response.text())!;
    expect(shell).toContain('Check the &lt;b&gt;boat&lt;/b&gt; &amp; &quot;trailer&quot;');
    expect(shell).toContain('Back');
    expect(shell).toMatch(/>open<\/span>/);
    expect(shell).toContain('$120.00');
    expect(shell).toContain('Edit Task');
    expect(shell).toContain('Cancel Task');
  });

  it("shows an admin the task without the owner's Edit button", async () => {
    const shell = shellOf(await (await get(`/task/${openTaskId}`, admin)).text())!;
    expect(shell).toContain('Check the &lt;b&gt;boat&lt;/b&gt;');
    expect(shell).not.toContain('Edit Task');
  });

  it('shows the assigned expert their task, and no Edit button once the task is assigned', async () => {
    const shell = shellOf(await (await get(`/task/${assignedTaskId}`, expert)).text())!;
    expect(shell).toContain('Walk through the loft');
    expect(shell).toMatch(/>assigned<\/span>/);
    expect(shell).not.toContain('Edit Task');
  });

  it('never puts a task in the HTML for someone the API would not show it to', async () => {
    for (const [name, path, user] of [
      ['another client, assigned task', `/task/${assignedTaskId}`, otherClient],
      ['signed out', `/task/${openTaskId}`, undefined],
      ['unknown task', `/task/${randomUUID()}`, client],
      ['not an id', '/task/not-an-id', client],
      ['injection', "/task/1'%20or%201=1", client],
    ] as const) {
      const response = await get(path, user);
      expect(response.status, name).toBe(200);
      const html = await response.text();
      expect(html, name).toBe(BUILT_INDEX_HTML);
    }
    const api = await t.request('GET', `/api/tasks/${assignedTaskId}`, { cookie: otherClient.cookie });
    expect(api.status).toBe(404);
  });

  it('sends no shell while maintenance mode is on, and the shell again after it', async () => {
    await t.db.update(systemSettings).set({ maintenance_mode: true }).where(eq(systemSettings.id, 1));
    try {
      expect(await (await get(`/task/${openTaskId}`, client)).text()).toBe(BUILT_INDEX_HTML);
      expect(await (await get('/dashboard', client)).text()).toBe(BUILT_INDEX_HTML);
    } finally {
      await t.db.update(systemSettings).set({ maintenance_mode: false }).where(eq(systemSettings.id, 1));
    }
    expect(shellOf(await (await get(`/task/${openTaskId}`, client)).text())).toContain('Check the');
  });
});

describe("GET /task/:id: the page's first reads in the document (decision 0413)", () => {
  it("carries the API's own answers to the page's first GETs for this user, before the React root", async () => {
    for (const [user, taskId] of [
      [client, openTaskId],
      [expert, assignedTaskId],
      [admin, openTaskId],
    ] as const) {
      const html = await (await get(`/task/${taskId}`, user)).text();
      const reads = readsOf(html)!;
      expect(html.indexOf('id="first-reads"')).toBeLessThan(html.indexOf('<div id="root">'));
      const paths = [
        '/api/me',
        '/api/public-settings',
        '/api/notifications',
        `/api/tasks/${taskId}`,
        `/api/tasks/${taskId}/money`,
      ];
      for (const path of paths) {
        const answer = await t.request('GET', path, { cookie: user.cookie });
        // Only a 200 the API lets a browser store goes into the document (never the money panel's,
        // which is no-store); the page asks for anything else itself, as before.
        const storable = !(answer.headers.get('cache-control') ?? '').includes('no-store');
        if (answer.status === 200 && storable)
          expect(reads[path], `${user.email} ${path}`).toEqual(await answer.json());
        else expect(reads, `${user.email} ${path}`).not.toHaveProperty(path);
      }
      expect(Object.keys(reads)).toEqual(expect.arrayContaining(['/api/me', `/api/tasks/${taskId}`]));
      // The money panel's read is no-store: never in the document, though its client may read it.
      expect(reads).not.toHaveProperty(`/api/tasks/${taskId}/money`);
      expect((reads['/api/me'] as { user: { id: string } }).user.id).toBe(user.id);
    }
    const money = await t.request('GET', `/api/tasks/${openTaskId}/money`, { cookie: client.cookie });
    expect(money.status).toBe(200);
    expect(money.headers.get('cache-control')).toContain('no-store');
  });

  it('writes no "<" that could end the element: the title comes back whole from the JSON', async () => {
    const html = await (await get(`/task/${openTaskId}`, client)).text();
    const island = /<script type="application\/json" id="first-reads">(.*?)<\/script>/s.exec(html)![1]!;
    expect(island).not.toContain('<');
    const task = (readsOf(html)![`/api/tasks/${openTaskId}`] as { task: { title: string } }).task;
    expect(task.title).toBe('Check the <b>boat</b> & "trailer"');
  });
});

describe("GET /admin: the overview's first reads in the document (decision 0414)", () => {
  it("carries the API's own answers to the overview's first GETs, and of the session only what the page reads", async () => {
    const response = await get('/admin', admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    const html = await response.text();
    const reads = readsOf(html)!;
    expect(html.indexOf('id="first-reads"')).toBeLessThan(html.indexOf('<div id="root">'));
    for (const path of ['/api/me', '/api/public-settings', '/api/admin/overview', '/api/admin/waitlist']) {
      const answer = await t.request('GET', path, { cookie: admin.cookie });
      expect(answer.status, path).toBe(200);
      expect(reads[path], path).toEqual(await answer.json());
    }
    // The session read is no-store and holds the session's token: the document has none of it but
    // the account's id, email and two-factor flag, and the session's id.
    const session = await t.request('GET', '/api/auth/get-session', { cookie: admin.cookie });
    expect(session.headers.get('cache-control')).toContain('no-store');
    const full = (await session.json()) as {
      user: { id: string; email: string };
      session: { id: string; token: string };
    };
    expect(full.session.token).toBeTruthy();
    expect(reads['/api/auth/get-session']).toEqual({
      user: { id: admin.id, email: full.user.email, twoFactorEnabled: true },
      session: { id: full.session.id },
    });
    expect(html).not.toContain(full.session.token);
  });

  it("passes on the session read's renewed cookie, as the page's own read would have", async () => {
    // A session last renewed two days ago (7-day sessions, renewed daily on use) is due for renewal.
    const renewing = await t.createUser('admin');
    const dueAt = new Date(Date.now() + 5 * 24 * 3600 * 1000);
    await t.db.update(authSessions).set({ expiresAt: dueAt }).where(eq(authSessions.userId, renewing.id));
    const response = await get('/admin', renewing);
    expect(readsOf(await response.text())).toHaveProperty('/api/admin/overview');
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((cookie) => /session_token=/.test(cookie) && /Max-Age=\d+/i.test(cookie))).toBe(true);
    const [row] = await t.db.select().from(authSessions).where(eq(authSessions.userId, renewing.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(dueAt.getTime() + 24 * 3600 * 1000);
  });

  it('is the plain index.html for a client, an expert, an admin without two-factor, a stale cookie, signed out, and on another tab', async () => {
    const stale = { ...admin, cookie: 'better-auth.session_token=not-a-session' };
    // An admin by role who has not set up two-factor sign-in: the page sends them to set it up.
    const promoted = await t.createUser('client');
    await t.request('POST', `/api/admin/users/${promoted.id}/roles`, {
      body: { role: 'admin' },
      cookie: admin.cookie,
    });
    const me = await t.request('GET', '/api/me', { cookie: promoted.cookie });
    expect(((await me.json()) as { roles: { isAdmin: boolean } }).roles.isAdmin).toBe(true);
    for (const [name, path, user] of [
      ['admin without two-factor', '/admin', promoted],
      ['client', '/admin', client],
      ['expert', '/admin', expert],
      ['stale cookie', '/admin', stale],
      ['signed out', '/admin', undefined],
      ['another tab', '/admin?tab=users', admin],
    ] as const) {
      const response = await get(path, user);
      expect(response.status, name).toBe(200);
      expect(await response.text(), name).toBe(BUILT_INDEX_HTML);
    }
    // The client's own reads would have answered: the overview's refusal is what keeps them out.
    expect((await t.request('GET', '/api/admin/overview', { cookie: client.cookie })).status).toBe(403);
  });
});
