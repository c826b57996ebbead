import { describe, expect, it, vi } from 'vitest';
import { startShell, type NativeShellPlugins } from './native-shell';

/** A fake set of plugins that records calls and lets the test fire the native events. */
function fakePlugins() {
  const listeners = new Map<string, (event: never) => void>();
  const calls: string[] = [];
  const listen = (name: string) => async (event: string, listener: (event: never) => void) => {
    listeners.set(`${name}.${event}`, listener);
    return { remove: async () => void listeners.delete(`${name}.${event}`) };
  };
  const plugins = {
    statusBar: {
      setStyle: async (options: { style: string }) => void calls.push(`StatusBar.setStyle ${options.style}`),
      setBackgroundColor: async (options: { color: string }) =>
        void calls.push(`StatusBar.setBackgroundColor ${options.color}`),
    },
    splash: { hide: async () => void calls.push('SplashScreen.hide') },
    app: { addListener: listen('App') },
    browser: { addListener: listen('Browser') },
    push: { addListener: listen('Push') },
  } as unknown as NativeShellPlugins;
  const fire = (key: string, event: unknown) => listeners.get(key)?.(event as never);
  return { plugins, calls, listeners, fire };
}

/** Timers the test advances by hand. */
function manualTimers() {
  let now = 0;
  const pending: { at: number; run: () => void }[] = [];
  return {
    setTimer: (run: () => void, ms: number) => void pending.push({ at: now + ms, run }),
    advance(ms: number) {
      now += ms;
      for (const timer of pending.filter((t) => t.at <= now)) {
        pending.splice(pending.indexOf(timer), 1);
        timer.run();
      }
    },
  };
}

async function start(options: { loaded?: boolean } = {}) {
  const fake = fakePlugins();
  const timers = manualTimers();
  const navigate = vi.fn();
  const onBrowserClosed = vi.fn();
  let load: () => void = () => undefined;
  const stop = await startShell({
    plugins: fake.plugins,
    origins: { schemes: ['remotexpert'], origins: ['https://app.example.com'] },
    navigate,
    onBrowserClosed,
    whenLoaded: (run) => (options.loaded === false ? (load = run) : run()),
    setTimer: timers.setTimer,
  });
  return { ...fake, timers, navigate, onBrowserClosed, stop, load: () => load() };
}

describe('native shell', () => {
  it('colours the status bar #05283b with light text', async () => {
    const shell = await start();
    expect(shell.calls).toContain('StatusBar.setBackgroundColor #05283b');
    expect(shell.calls).toContain('StatusBar.setStyle DARK');
  });

  it('hides the splash 500 ms after the page has loaded, not before', async () => {
    const shell = await start({ loaded: false });
    shell.timers.advance(1000);
    expect(shell.calls).not.toContain('SplashScreen.hide');
    shell.load();
    shell.timers.advance(499);
    expect(shell.calls).not.toContain('SplashScreen.hide');
    shell.timers.advance(1);
    expect(shell.calls).toContain('SplashScreen.hide');
  });

  it('opens a deep link 100 ms after it arrives, through the router', async () => {
    const shell = await start();
    shell.fire('App.appUrlOpen', { url: 'remotexpert://stripe-return?from=stripe&success=true' });
    shell.timers.advance(99);
    expect(shell.navigate).not.toHaveBeenCalled();
    shell.timers.advance(1);
    expect(shell.navigate).toHaveBeenCalledWith('/stripe-return?from=stripe&success=true');
  });

  it('ignores a foreign deep link', async () => {
    const shell = await start();
    shell.fire('App.appUrlOpen', { url: 'https://evil.example.net/profile' });
    shell.timers.advance(1000);
    expect(shell.navigate).not.toHaveBeenCalled();
  });

  it('opens the task of a tapped push notification', async () => {
    const shell = await start();
    shell.fire('Push.pushNotificationActionPerformed', { notification: { data: { task_id: 't-1' } } });
    shell.timers.advance(100);
    expect(shell.navigate).toHaveBeenCalledWith('/task/t-1');
  });

  it('reports the in-app browser closing (the caller refetches the expert profile)', async () => {
    const shell = await start();
    shell.fire('Browser.browserFinished', {});
    expect(shell.onBrowserClosed).toHaveBeenCalledTimes(1);
  });

  it('removes its listeners when stopped', async () => {
    const shell = await start();
    expect(shell.listeners.size).toBe(3);
    shell.stop();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shell.listeners.size).toBe(0);
  });
});
