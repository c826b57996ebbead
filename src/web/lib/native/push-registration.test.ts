import { describe, expect, it } from 'vitest';
import { createPushRegistration, type PushPlugin } from './push-registration';

type Receive = Awaited<ReturnType<PushPlugin['checkPermissions']>>['receive'];

function fakePush(initial: Receive, answer: Receive = 'granted') {
  const calls: string[] = [];
  let onRegistration: ((token: { value: string }) => void) | null = null;
  const plugin: PushPlugin = {
    checkPermissions: async () => (calls.push('checkPermissions'), { receive: initial }),
    requestPermissions: async () => (calls.push('requestPermissions'), { receive: answer }),
    register: async () => {
      calls.push('register');
      onRegistration?.({ value: 'device-token-1' });
    },
    unregister: async () => void calls.push('unregister'),
    addListener: async (_event, listener) => {
      onRegistration = listener;
      return { remove: async () => void (onRegistration = null) };
    },
  };
  const saved: (string | null)[] = [];
  const registration = createPushRegistration(plugin, async (token) => saved.push(token));
  return { calls, saved, registration };
}

describe('push registration', () => {
  it('asks for permission, registers and stores the device token', async () => {
    const push = fakePush('prompt', 'granted');
    expect(await push.registration.start()).toBe('registered');
    expect(push.calls).toEqual(['checkPermissions', 'requestPermissions', 'register']);
    expect(push.saved).toEqual(['device-token-1']);
  });

  it('does not ask again when permission was already granted', async () => {
    const push = fakePush('granted');
    await push.registration.start();
    expect(push.calls).not.toContain('requestPermissions');
    expect(push.saved).toEqual(['device-token-1']);
  });

  it('stores no token and clears an old one when permission is refused', async () => {
    const push = fakePush('prompt', 'denied');
    expect(await push.registration.start()).toBe('denied');
    expect(push.calls).not.toContain('register');
    expect(push.saved).toEqual([null]);
  });

  it('on stop clears the stored token first, then unregisters the device', async () => {
    const push = fakePush('granted');
    await push.registration.start();
    await push.registration.stop();
    expect(push.saved).toEqual(['device-token-1', null]);
    expect(push.calls.at(-1)).toBe('unregister');
  });
});
