import type { QueryClient } from '@tanstack/react-query';
import { App } from '@capacitor/app';
import { Browser } from '@capacitor/browser';
import { PushNotifications } from '@capacitor/push-notifications';
import { SplashScreen } from '@capacitor/splash-screen';
import { StatusBar, Style } from '@capacitor/status-bar';
import { NATIVE_APP } from '@shared/native/native-app';
import { myExpertProfileQueryKey } from '../expert-profile';
import { meQueryKey } from '../session';
import { startShell } from './native-shell';

/**
 * Loaded only inside the native shell (app.tsx imports it lazily), so web visitors never download
 * the plugins. The web view shows the product's own site, so its origin is the universal-link origin.
 */
export function startNativeShell(options: { navigate: (to: string) => void; queryClient: QueryClient }) {
  const { navigate, queryClient } = options;
  return startShell({
    plugins: {
      statusBar: {
        setStyle: () => StatusBar.setStyle({ style: Style.Dark }),
        setBackgroundColor: (color) => StatusBar.setBackgroundColor(color),
      },
      splash: { hide: () => SplashScreen.hide() },
      app: { addListener: (event, listener) => App.addListener(event, listener) },
      browser: { addListener: (event, listener) => Browser.addListener(event, listener) },
      push: { addListener: (event, listener) => PushNotifications.addListener(event, listener) },
    },
    origins: { schemes: [NATIVE_APP.urlScheme], origins: [window.location.origin] },
    navigate,
    onBrowserClosed: () => {
      void queryClient.invalidateQueries({ queryKey: myExpertProfileQueryKey });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
