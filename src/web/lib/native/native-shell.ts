import { NATIVE } from '@shared/constants';
import { pushTargetPath, routeDeepLink, type DeepLinkOrigins } from '@shared/native/deep-link';

/**
 * What the native shell does once the web app has started inside it (spec 000 / 002, native):
 * colours the status bar, hides the splash 500 ms after load, opens deep links after 100 ms, opens the
 * task of a tapped push notification, and refetches the expert profile when the in-app browser closes.
 * The plugins come in as narrow interfaces so tests pass fakes; start-native-shell.ts passes Capacitor's.
 */

type Remove = { remove: () => Promise<void> };

export interface NativeShellPlugins {
  statusBar: {
    setStyle(options: { style: 'DARK' }): Promise<void>;
    setBackgroundColor(options: { color: string }): Promise<void>;
  };
  splash: { hide(): Promise<void> };
  app: { addListener(event: 'appUrlOpen', listener: (event: { url: string }) => void): Promise<Remove> };
  browser: { addListener(event: 'browserFinished', listener: () => void): Promise<Remove> };
  push: {
    addListener(
      event: 'pushNotificationActionPerformed',
      listener: (action: { notification: { data?: unknown } }) => void,
    ): Promise<Remove>;
  };
}

export interface NativeShellOptions {
  plugins: NativeShellPlugins;
  origins: DeepLinkOrigins;
  navigate: (to: string) => void;
  /** The in-app browser closed: payment setup may have changed. */
  onBrowserClosed: () => void;
  /** Whether the page has finished loading, and a way to wait for it (defaults: the document's). */
  whenLoaded?: (run: () => void) => void;
  setTimer?: (run: () => void, ms: number) => void;
}

const afterDocumentLoad = (run: () => void) => {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
};

const ignore = () => undefined;

/** Starts the shell's behaviours; the returned function removes the listeners. */
export async function startShell(options: NativeShellOptions): Promise<() => void> {
  const { plugins, origins, navigate, onBrowserClosed } = options;
  const whenLoaded = options.whenLoaded ?? afterDocumentLoad;
  const setTimer = options.setTimer ?? ((run, ms) => void window.setTimeout(run, ms));

  // iOS has no status bar background (the plugin rejects there): the style still applies.
  plugins.statusBar.setStyle({ style: 'DARK' }).catch(ignore);
  plugins.statusBar.setBackgroundColor({ color: NATIVE.statusBarColor }).catch(ignore);
  whenLoaded(() => setTimer(() => void plugins.splash.hide().catch(ignore), NATIVE.splashHideAfterMs));

  // Navigation waits 100 ms so that a link opened at cold start lands after the router is ready.
  const openLater = (path: string | null) => {
    if (path) setTimer(() => navigate(path), NATIVE.deepLinkDelayMs);
  };
  const handles = await Promise.all([
    plugins.app.addListener('appUrlOpen', ({ url }) => openLater(routeDeepLink(url, origins))),
    plugins.push.addListener('pushNotificationActionPerformed', ({ notification }) =>
      openLater(pushTargetPath(notification.data)),
    ),
    plugins.browser.addListener('browserFinished', onBrowserClosed),
  ]);
  return () => handles.forEach((handle) => void handle.remove().catch(ignore));
}
