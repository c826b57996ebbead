import { describe, expect, it } from 'vitest';
import { pushTargetPath, routeDeepLink } from './deep-link';

const known = { schemes: ['remotexpert'], origins: ['https://app.example.com'] };
const route = (url: string) => routeDeepLink(url, known);

describe('routeDeepLink: payment-provider returns', () => {
  it('sends a stripe-return link of the app scheme to /stripe-return, keeping its flags', () => {
    expect(route('remotexpert://stripe-return?from=stripe&success=true')).toBe(
      '/stripe-return?from=stripe&success=true',
    );
  });

  it('sends a universal link to /stripe-return there too', () => {
    expect(route('https://app.example.com/stripe-return?refresh=true')).toBe('/stripe-return?refresh=true');
  });

  it('sends any product link carrying from=stripe to /stripe-return', () => {
    expect(route('https://app.example.com/profile?from=stripe&success=true')).toBe(
      '/stripe-return?from=stripe&success=true',
    );
    expect(route('remotexpert://dashboard?from=stripe')).toBe('/stripe-return?from=stripe');
  });

  it('ignores stripe-return links of other sites', () => {
    expect(route('https://evil.example.net/stripe-return?from=stripe')).toBeNull();
  });
});

describe('routeDeepLink: profile links', () => {
  it('adds tab=payments to /profile links with success=true', () => {
    expect(route('https://app.example.com/profile?success=true')).toBe('/profile?success=true&tab=payments');
  });

  it('adds tab=payments to /profile links with refresh=true, replacing another tab', () => {
    expect(route('remotexpert://profile?refresh=true&tab=profile')).toBe(
      '/profile?refresh=true&tab=payments',
    );
  });

  it('leaves other /profile links as they are', () => {
    expect(route('https://app.example.com/profile?tab=security')).toBe('/profile?tab=security');
    expect(route('https://app.example.com/profile?success=false')).toBe('/profile?success=false');
  });
});

describe('routeDeepLink: other product links', () => {
  it('opens the route of a product link, with query and hash', () => {
    expect(route('https://app.example.com/task/abc-123')).toBe('/task/abc-123');
    expect(route('https://app.example.com/task/abc-123/messages?x=1#end')).toBe(
      '/task/abc-123/messages?x=1#end',
    );
    expect(route('remotexpert://task/abc-123')).toBe('/task/abc-123');
    expect(route('remotexpert:///dashboard/messages')).toBe('/dashboard/messages');
    expect(route('https://app.example.com/')).toBe('/');
    expect(route('https://app.example.com/profile/')).toBe('/profile');
  });

  it('accepts the scheme in any letter case', () => {
    expect(route('RemoteXpert://profile')).toBe('/profile');
  });
});

describe('routeDeepLink: unknown or foreign links are ignored', () => {
  it.each([
    ['another site', 'https://evil.example.net/task/1'],
    ['a look-alike host', 'https://app.example.com.evil.net/task/1'],
    ['plain http for an https site', 'http://app.example.com/task/1'],
    ['another scheme', 'otherapp://task/1'],
    ['javascript', 'javascript:alert(1)'],
    ['credentials in the URL', 'https://user:pw@app.example.com/task/1'],
    ['an API path', 'https://app.example.com/api/me'],
    ['a dev path', 'remotexpert://dev/outbox'],
    ['an unknown path', 'https://app.example.com/no-such-page'],
    ['not a URL', 'not a url'],
    ['an empty string', ''],
  ])('%s', (_what, url) => {
    expect(route(url)).toBeNull();
  });

  it('ignores a non-string and an overlong link without throwing', () => {
    expect(routeDeepLink(undefined as unknown as string, known)).toBeNull();
    expect(route(`https://app.example.com/task/${'a'.repeat(5000)}`)).toBeNull();
  });
});

describe('pushTargetPath', () => {
  it('opens the task a push notification is about', () => {
    expect(pushTargetPath({ task_id: 'task-1' })).toBe('/task/task-1');
    expect(pushTargetPath({ taskId: 'task-2' })).toBe('/task/task-2');
  });

  it('opens nothing for data without a usable task id', () => {
    expect(pushTargetPath({})).toBeNull();
    expect(pushTargetPath(null)).toBeNull();
    expect(pushTargetPath({ task_id: '../admin' })).toBeNull();
    expect(pushTargetPath({ task_id: 42 })).toBeNull();
  });
});
