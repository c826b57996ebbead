import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const ORIGIN = 'https://app.example.test';
const source = readFileSync(fileURLToPath(new URL('../public/sw.js', import.meta.url)), 'utf8');

interface FakeWindow {
  url: string;
  navigate: ReturnType<typeof vi.fn>;
  focus: ReturnType<typeof vi.fn>;
}

/** Runs the real sw.js in a worker-like global and returns its listeners and the calls they made. */
function loadWorker(windows: FakeWindow[] = []) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const showNotification = vi.fn(async () => undefined);
  const openWindow = vi.fn(async () => null);
  const self = {
    location: { origin: ORIGIN },
    registration: { showNotification },
    clients: { matchAll: vi.fn(async () => windows), openWindow },
    addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] = listener),
  };
  runInNewContext(source, { self, URL });
  /** Dispatches an event and waits for what it handed to waitUntil. */
  async function dispatch(type: string, event: Record<string, unknown>) {
    let pending: Promise<unknown> = Promise.resolve();
    listeners[type]({ ...event, waitUntil: (promise: Promise<unknown>) => (pending = promise) });
    await pending;
  }
  return { dispatch, showNotification, openWindow };
}

const pushEvent = (payload: unknown) => ({ data: { json: () => payload, text: () => JSON.stringify(payload) } });
const productWindow = (path: string): FakeWindow => {
  const window: FakeWindow = { url: `${ORIGIN}${path}`, navigate: vi.fn(async () => window), focus: vi.fn(async () => window) };
  return window;
};

describe('the service worker (public/sw.js)', () => {
  it('shows a push with its title and body, keeping the page it points to', async () => {
    const worker = loadWorker();
    await worker.dispatch('push', pushEvent({ title: 'Evidence Submitted', body: 'Review it.', url: '/task/t1', tag: 'n1' }));
    expect(worker.showNotification).toHaveBeenCalledWith('Evidence Submitted', expect.objectContaining({ body: 'Review it.', tag: 'n1', data: { url: '/task/t1' } }));
  });

  it('never keeps a link off the product: anything but a path opens the dashboard', async () => {
    for (const url of ['https://evil.example/phish', '//evil.example/phish', '/\\evil.example/phish', 42]) {
      const worker = loadWorker();
      await worker.dispatch('push', pushEvent({ title: 'T', body: 'B', url }));
      expect(worker.showNotification).toHaveBeenCalledWith('T', expect.objectContaining({ data: { url: '/dashboard' } }));
    }
  });

  it('on click, takes an open tab of the product to the push\'s page', async () => {
    const other = { url: 'https://elsewhere.example/', navigate: vi.fn(), focus: vi.fn() };
    const tab = productWindow('/dashboard');
    const worker = loadWorker([other, tab]);
    const close = vi.fn();
    await worker.dispatch('notificationclick', { notification: { close, data: { url: '/task/t1' } } });
    expect(close).toHaveBeenCalled();
    expect(tab.focus).toHaveBeenCalled();
    expect(tab.navigate).toHaveBeenCalledWith(`${ORIGIN}/task/t1`);
    expect(other.navigate).not.toHaveBeenCalled();
    expect(worker.openWindow).not.toHaveBeenCalled();
  });

  it('on click with no tab open, opens the push\'s page in a new window', async () => {
    const worker = loadWorker([]);
    await worker.dispatch('notificationclick', { notification: { close: vi.fn(), data: { url: '/task/t1' } } });
    expect(worker.openWindow).toHaveBeenCalledWith(`${ORIGIN}/task/t1`);
  });
});
