/**
 * Identity of the native app shell (Capacitor), shared by capacitor.config.ts, the server's
 * universal-link files, and the web app's deep-link router. Values here are compiled into the store
 * builds; change them together with the native projects (a unit test keeps them in step).
 */
export const NATIVE_APP = {
  /** Android applicationId and iOS bundle identifier. */
  appId: 'com.localexperts.app',
  /** The app's own deep-link scheme (`<scheme>://stripe-return?...`); the server's APP_SCHEME defaults to it. */
  urlScheme: 'remotexpert',
} as const;
