import type { CapacitorConfig } from '@capacitor/cli';
import { BRAND_NAME } from './src/shared/brand';
import { NATIVE } from './src/shared/constants';
import { NATIVE_APP } from './src/shared/native/native-app';

/**
 * The native app shell (see docs/native.md and docs/decisions/0130-native-web-view-source.md).
 *
 * The web view loads the production site at PUBLIC_URL when it is set at `cap sync` time (store
 * builds): same origin as the API, so session cookies and the origin check work unchanged. Without
 * PUBLIC_URL (CI, a first checkout) the bundled copy of dist/web is used, which only proves that the
 * projects sync; it has no API behind it.
 */
const publicUrl = process.env.PUBLIC_URL?.trim().replace(/\/$/, '') || undefined;

const config: CapacitorConfig = {
  appId: NATIVE_APP.appId,
  appName: BRAND_NAME,
  webDir: 'dist/web',
  server: publicUrl
    ? {
        url: publicUrl,
        // A plain-http URL is only for an emulator against a laptop (http://10.0.2.2:3000).
        cleartext: publicUrl.startsWith('http://'),
        // Shown by the native shell when the site cannot load at all (no connection at start-up).
        errorPath: 'offline.html',
        androidScheme: 'https',
      }
    : { androidScheme: 'https' },
  android: {
    // Only the deep-link scheme and https open in the app; everything else goes to the system.
    allowMixedContent: false,
  },
  ios: {
    contentInset: 'automatic',
  },
  plugins: {
    SplashScreen: {
      // The web app hides it NATIVE.splashHideAfterMs after it has loaded (src/web/lib/native).
      launchAutoHide: false,
      backgroundColor: NATIVE.statusBarColor,
      showSpinner: false,
    },
    StatusBar: {
      backgroundColor: NATIVE.statusBarColor,
      style: 'DARK',
      overlaysWebView: false,
    },
    PushNotifications: {
      presentationOptions: ['badge', 'sound', 'alert'],
    },
  },
};

export default config;
