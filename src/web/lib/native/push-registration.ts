/**
 * Push registration in the native shell (spec 000 profiles.fcm_token; spec 002 native): after
 * sign-in ask for permission, register, and store the device token through PUT /api/me/push-token;
 * on logout (and when permission is refused) unregister and set the stored token to null.
 * The plugin comes in as a narrow interface so tests pass a fake.
 */

type Remove = { remove: () => Promise<void> };
type Permission = { receive: 'prompt' | 'prompt-with-rationale' | 'granted' | 'denied' };

export interface PushPlugin {
  checkPermissions(): Promise<Permission>;
  requestPermissions(): Promise<Permission>;
  register(): Promise<void>;
  unregister(): Promise<void>;
  addListener(event: 'registration', listener: (token: { value: string }) => void): Promise<Remove>;
}

export type SaveToken = (token: string | null) => Promise<unknown>;

export type PushRegistrationResult = 'registered' | 'denied';

export interface PushRegistration {
  /** Asks for permission when needed; registers and stores the token once granted. */
  start(): Promise<PushRegistrationResult>;
  /** Clears the stored token (while still signed in), then unregisters the device. */
  stop(): Promise<void>;
}

export function createPushRegistration(push: PushPlugin, saveToken: SaveToken): PushRegistration {
  let listener: Remove | null = null;
  const ignore = () => undefined;

  return {
    async start() {
      let permission = await push.checkPermissions();
      if (permission.receive === 'prompt' || permission.receive === 'prompt-with-rationale') {
        permission = await push.requestPermissions();
      }
      if (permission.receive !== 'granted') {
        // No permission: a token stored earlier on this account must not be used any more.
        await saveToken(null).catch(ignore);
        return 'denied';
      }
      if (!listener)
        listener = await push.addListener('registration', ({ value }) => void saveToken(value).catch(ignore));
      await push.register();
      return 'registered';
    },
    async stop() {
      await saveToken(null).catch(ignore);
      await listener?.remove().catch(ignore);
      listener = null;
      await push.unregister().catch(ignore);
    },
  };
}
