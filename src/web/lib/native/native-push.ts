import { PushNotifications } from '@capacitor/push-notifications';
import { api } from '../api';
import { createPushRegistration } from './push-registration';

/** The one push registration of the native shell, over Capacitor's plugin and the push-token route. */
export const nativePush = createPushRegistration(
  {
    checkPermissions: () => PushNotifications.checkPermissions(),
    requestPermissions: () => PushNotifications.requestPermissions(),
    register: () => PushNotifications.register(),
    unregister: () => PushNotifications.unregister(),
    addListener: (event, listener) => PushNotifications.addListener(event, listener),
  },
  (token) => api.put('/api/me/push-token', { fcm_token: token }),
);
