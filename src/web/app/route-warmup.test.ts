import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The pages' code: only whether it was asked for matters here.
const loaded: string[] = [];
vi.mock('./routes/pages', () => ({
  pageLoaders: new Proxy({}, { get: (_target, name: string) => () => (loaded.push(name), Promise.resolve({})) }),
}));
vi.mock('./router', () => ({ loadAppShell: () => (loaded.push('AppShell'), Promise.resolve({})) }));

const { warmUpRoute } = await import('./route-warmup');
const { api } = await import('@web/lib/api');
const { TASK_LIST_PAGE_SIZE } = await import('@web/components/task/use-task-list');

const client = { user: { id: 'u-1' }, roles: { isAdmin: false, isExpert: false } };
let requested: string[];

beforeEach(() => {
  loaded.length = 0;
  requested = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(url);
      const body = url === '/api/me' ? client : { url, call: requested.length };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('warmUpRoute', () => {
  it('starts the task page, its shell and its reads at once, and the page takes each answer once', async () => {
    warmUpRoute('/task/t-1');
    expect(loaded).toEqual(['AppShell', 'TaskDetails']);
    expect(requested).toEqual(['/api/me', '/api/notifications', '/api/tasks/t-1']);

    expect(await api.get('/api/tasks/t-1')).toEqual({ url: '/api/tasks/t-1', call: 3 });
    expect(requested).toHaveLength(3);
    // A second read asks the server again.
    expect(await api.get('/api/tasks/t-1')).toEqual({ url: '/api/tasks/t-1', call: 4 });
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
