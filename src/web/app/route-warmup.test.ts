import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The pages' code: only whether it was asked for matters here.
const loaded: string[] = [];
vi.mock('./routes/pages', () => ({
  pageLoaders: new Proxy(
    {},
    { get: (_target, name: string) => () => (loaded.push(name), Promise.resolve({})) },
  ),
}));
vi.mock('./router', () => ({ loadAppShell: () => (loaded.push('AppShell'), Promise.resolve({})) }));
vi.mock('./shell/deferred-toaster', () => ({ loadToasterOutlet: () => (loaded.push('Toasts'), Promise.resolve({})) }));

const { warmUpRoute } = await import('./route-warmup');
const { api, adoptDocumentReads, forgetEarlyAnswers } = await import('@web/lib/api');
const { TASK_LIST_PAGE_SIZE } = await import('@web/components/task/use-task-list');
const { ADMIN_OVERVIEW_FIRST_READS, FIRST_READS_ID, taskPageFirstReads } = await import('@shared/landing-shell');

const { createQueryClient } = await import('@web/lib/query-client');
const { meQuery } = await import('@web/lib/session');
const { publicSettingsQuery } = await import('@web/lib/public-settings');
const { taskQuery } = await import('@web/features/task-details/task-query');
const { notificationsQuery } = await import('@web/features/notifications/notifications-api');
const { overviewQuery } = await import('@web/features/admin/admin-api');
const { taskListQuery } = await import('@web/components/task/use-task-list');
const { myExpertProfileQuery } = await import('@web/lib/expert-profile');
const { taskMoneyQuery } = await import('@web/features/task-details/money/money-api');
const { authSessionQuery } = await import('@web/lib/auth-session');
const { waitlistQuery } = await import('@web/features/admin/admin-api');

const client = { user: { id: 'u-1' }, roles: { isAdmin: false, isExpert: false } };
let requested: string[];
let signedOut = false;
/** The task /api/tasks/t-1 answers with: by default nobody's task the signed-in user takes part in. */
let task: Record<string, unknown> = { id: 't-1' };

beforeEach(() => {
  loaded.length = 0;
  requested = [];
  signedOut = false;
  task = { id: 't-1' };
  forgetEarlyAnswers();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(url);
      if (url === '/api/me' && signedOut)
        return new Response('{"error":"Unauthorized"}', {
          status: 401,
          headers: { 'content-type': 'application/json' },
        });
      const body =
        url === '/api/me'
          ? client
          : url.startsWith('/api/tasks?')
            ? { tasks: [], page: 1, pageSize: 50, total: 0 }
            : url === '/api/tasks/t-1'
              ? { url, call: requested.length, task }
              : url === '/api/experts/me'
                ? { expert: { id: 'x-1' } }
                : url === '/api/tasks/t-1/money'
                  ? { server_now: new Date().toISOString(), dispute: null }
                  : { url, call: requested.length };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** A document whose first-reads element holds this text; `removed` says whether it was taken out. */
function documentWithReads(text: string) {
  const island = { removed: false, textContent: text, remove: () => void (island.removed = true) };
  const document = { getElementById: (id: string) => (id === FIRST_READS_ID ? island : null) };
  return { document: document as unknown as Document, island };
}

describe('warmUpRoute', () => {
  it('starts the task page, its shell and its reads at once, and the page takes each answer once', async () => {
    warmUpRoute('/task/t-1');
    // The toast library starts on its own, so that it starts in a task of its own (decision 0408).
    expect(loaded).toEqual(['Toasts', 'AppShell', 'TaskDetails']);
    expect(requested).toEqual(['/api/me', '/api/public-settings', '/api/notifications', '/api/tasks/t-1']);
    // The same reads the server may put into the task page's document (decision 0413).
    expect(requested).toEqual(taskPageFirstReads('t-1'));

    expect(await api.get('/api/tasks/t-1')).toMatchObject({ url: '/api/tasks/t-1', call: 4 });
    expect(requested).toHaveLength(4);
    // A second read asks the server again.
    expect(await api.get('/api/tasks/t-1')).toMatchObject({ url: '/api/tasks/t-1', call: 5 });
  });

  it("starts a client's dashboard list with the exact URL the list asks for", async () => {
    warmUpRoute('/dashboard');
    await vi.waitFor(() => expect(loaded).toContain('ClientDashboard'));
    const listUrl = `/api/tasks?scope=mine&page=1&pageSize=${TASK_LIST_PAGE_SIZE}`;
    expect(requested).toContain(listUrl);
    const before = requested.length;
    await api.get('/api/tasks', { scope: 'mine', page: 1, pageSize: TASK_LIST_PAGE_SIZE });
    expect(requested).toHaveLength(before);
  });

  it("with a query client, settles once the task page's first reads are in the cache under the pages' own keys", async () => {
    const queryClient = createQueryClient();
    await warmUpRoute('/task/t-1', queryClient);
    // Each read went out once: the cache took the early answers.
    expect(requested.sort()).toEqual([
      '/api/me',
      '/api/notifications',
      '/api/public-settings',
      '/api/tasks/t-1',
    ]);
    expect(queryClient.getQueryData(meQuery.queryKey)).toEqual(client);
    expect(queryClient.getQueryData(taskQuery('t-1').queryKey)).toEqual({ id: 't-1' });
    expect(queryClient.getQueryData(notificationsQuery.queryKey)).toEqual({
      url: '/api/notifications',
      call: expect.any(Number),
    });
    expect(queryClient.getQueryData(publicSettingsQuery.queryKey)).toEqual({
      url: '/api/public-settings',
      call: expect.any(Number),
    });
  });

  it("also fills the money panel's read for the task's own client, before the first render", async () => {
    task = { id: 't-1', client_id: 'u-1', expert_id: null };
    const queryClient = createQueryClient();
    await warmUpRoute('/task/t-1', queryClient);
    expect(requested.filter((url) => url === '/api/tasks/t-1/money')).toHaveLength(1);
    expect(queryClient.getQueryData(taskMoneyQuery('t-1').queryKey)).toMatchObject({ dispute: null });
  });

  it("takes the task page's first reads from the document: no request for them, each body taken once", async () => {
    const task = { id: 't-1', client_id: 'u-1', expert_id: null };
    const page = documentWithReads(
      JSON.stringify({
        '/api/me': client,
        '/api/public-settings': { fee_percent: 15 },
        '/api/notifications': { notifications: [] },
        '/api/tasks/t-1': { task },
        '/api/tasks/t-1/money': { server_now: '2026-11-27T00:00:00Z', dispute: null },
        '/elsewhere': { not: 'an API read' },
      }),
    );
    adoptDocumentReads(page.document);
    expect(page.island.removed).toBe(true);

    const queryClient = createQueryClient();
    await warmUpRoute('/task/t-1', queryClient);
    // The page's code still loads; none of its first reads goes to the server.
    expect(loaded).toEqual(['Toasts', 'AppShell', 'TaskDetails']);
    expect(requested).toEqual([]);
    expect(queryClient.getQueryData(meQuery.queryKey)).toEqual(client);
    expect(queryClient.getQueryData(taskQuery('t-1').queryKey)).toEqual(task);
    expect(queryClient.getQueryData(publicSettingsQuery.queryKey)).toEqual({ fee_percent: 15 });
    expect(queryClient.getQueryData(notificationsQuery.queryKey)).toEqual({ notifications: [] });
    expect(queryClient.getQueryData(taskMoneyQuery('t-1').queryKey)).toMatchObject({ dispute: null });
    // Each body is taken once: a later read asks the server.
    expect(await api.get('/api/tasks/t-1')).toMatchObject({ url: '/api/tasks/t-1', call: 1 });
    expect(requested).toEqual(['/api/tasks/t-1']);
    // Only API paths are taken from the document.
    await api.get('/elsewhere');
    expect(requested).toEqual(['/api/tasks/t-1', '/elsewhere']);
  });

  it("takes the admin overview's first reads from the document, the two-factor check's included", async () => {
    const admin = { user: { id: 'a-1' }, roles: { isAdmin: true, isExpert: false } };
    const session = { user: { id: 'a-1', email: 'admin@example.com', twoFactorEnabled: true }, session: { id: 's-1' } };
    const page = documentWithReads(
      JSON.stringify({
        '/api/me': admin,
        '/api/public-settings': { fee_percent: 10 },
        '/api/admin/overview': { users: 3 },
        '/api/auth/get-session': session,
        '/api/admin/waitlist': { entries: [] },
      }),
    );
    adoptDocumentReads(page.document);
    const queryClient = createQueryClient();
    await warmUpRoute('/admin', queryClient);
    expect(loaded).toEqual(['Toasts', 'Admin']);
    expect(requested).toEqual([]);
    expect(queryClient.getQueryData(authSessionQuery.queryKey)).toEqual(session);
    expect(queryClient.getQueryData(overviewQuery.queryKey)).toEqual({ users: 3 });
    expect(queryClient.getQueryData(waitlistQuery.queryKey)).toEqual({ entries: [] });
    expect(queryClient.getQueryData(meQuery.queryKey)).toEqual(admin);
  });

  it('takes no reads from a document the browser took from its cache: the page asks the server', async () => {
    const reads = JSON.stringify({ '/api/me': { user: { id: 'u-old' } }, '/api/tasks/t-1': { task: { id: 't-1', title: 'old' } } });
    for (const navigation of [
      { type: 'back_forward', transferSize: 2_000 },
      { type: 'navigate', transferSize: 0 },
    ] as const) {
      forgetEarlyAnswers();
      requested = [];
      const page = documentWithReads(reads);
      adoptDocumentReads(page.document, navigation);
      expect(page.island.removed, navigation.type).toBe(true);
      warmUpRoute('/task/t-1');
      expect(requested, navigation.type).toEqual(taskPageFirstReads('t-1'));
      expect(await api.get('/api/me'), navigation.type).toEqual(client);
    }
    // A document fresh from the server (a navigation that transferred it) is taken.
    forgetEarlyAnswers();
    requested = [];
    adoptDocumentReads(documentWithReads(reads).document, { type: 'reload', transferSize: 2_000 });
    expect(await api.get('/api/me')).toEqual({ user: { id: 'u-old' } });
    expect(requested).toEqual([]);
  });

  it('ignores first reads that are not a JSON object, and a document without them', async () => {
    for (const text of ['{"/api/me": ', '"/api/me"', 'null']) {
      const page = documentWithReads(text);
      adoptDocumentReads(page.document);
      expect(page.island.removed, text).toBe(true);
    }
    adoptDocumentReads({ getElementById: () => null } as unknown as Document);
    expect(await api.get('/api/me')).toEqual(client);
    expect(requested).toEqual(['/api/me']);
  });

  it("fills the admin page's two-factor check and the overview's waitlist, and no waitlist for another tab", async () => {
    const queryClient = createQueryClient();
    await warmUpRoute('/admin', queryClient);
    expect([...requested].sort()).toEqual([
      '/api/admin/overview',
      '/api/admin/waitlist',
      '/api/auth/get-session',
      '/api/me',
      '/api/public-settings',
    ]);
    // The same reads the server may put into the overview's document (decision 0414).
    expect(requested).toEqual(ADMIN_OVERVIEW_FIRST_READS);
    expect(queryClient.getQueryData(authSessionQuery.queryKey)).toMatchObject({
      url: '/api/auth/get-session',
    });
    expect(queryClient.getQueryData(waitlistQuery.queryKey)).toMatchObject({ url: '/api/admin/waitlist' });
    expect(queryClient.getQueryData(overviewQuery.queryKey)).toMatchObject({ url: '/api/admin/overview' });

    requested = [];
    forgetEarlyAnswers();
    await warmUpRoute('/admin', createQueryClient(), '?tab=users');
    expect(requested).not.toContain('/api/admin/waitlist');
    expect(requested).toContain('/api/auth/get-session');
  });

  it("fills a client's dashboard list, and nothing of a signed-out visitor's but the session check", async () => {
    const queryClient = createQueryClient();
    await warmUpRoute('/dashboard', queryClient);
    const list = queryClient.getQueryData(taskListQuery({ scope: 'mine' }).queryKey);
    expect(list?.pages).toHaveLength(1);

    signedOut = true;
    requested = [];
    const visitorCache = createQueryClient();
    await warmUpRoute('/admin', visitorCache);
    expect(visitorCache.getQueryData(meQuery.queryKey)).toBeNull();
    expect(visitorCache.getQueryData(overviewQuery.queryKey)).toBeUndefined();
  });

  it("starts an expert's dashboard with the expert profile its list is centred on", async () => {
    client.roles.isExpert = true;
    try {
      const queryClient = createQueryClient();
      await warmUpRoute('/dashboard', queryClient);
      expect(loaded).toContain('ExpertDashboard');
      expect(loaded).not.toContain('ClientDashboard');
      expect(requested).toContain('/api/experts/me');
      expect(queryClient.getQueryData(myExpertProfileQuery.queryKey)).toEqual({ id: 'x-1' });
    } finally {
      client.roles.isExpert = false;
    }
  });

  it('starts nothing on the landing page (its load budget)', () => {
    warmUpRoute('/');
    expect(loaded).toEqual([]);
    expect(requested).toEqual([]);
  });

  it('never hands a POST an early GET answer', async () => {
    warmUpRoute('/admin');
    await api.post('/api/admin/overview', {});
    expect(requested.filter((url) => url === '/api/admin/overview')).toHaveLength(2);
  });
});
