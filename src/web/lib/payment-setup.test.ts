import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlatformProbe } from './platform';

const post = vi.fn();
const browserOpen = vi.fn();
vi.mock('./api', () => ({ api: { post: (...args: unknown[]) => post(...args) } }));
vi.mock('@capacitor/browser', () => ({ Browser: { open: (...args: unknown[]) => browserOpen(...args) } }));

const { continuePaymentSetup, startPaymentSetup } = await import('./payment-setup');

const probe = (native: boolean): PlatformProbe => ({
  isNativePlatform: () => native,
  isMobileBrowser: () => false,
});
const assign = vi.fn();

beforeEach(() => {
  post.mockReset().mockResolvedValue({ onboardingUrl: 'https://connect.example.com/onboard/1' });
  browserOpen.mockReset().mockResolvedValue(undefined);
  assign.mockReset();
  vi.stubGlobal('window', { location: { assign } });
});

describe('payment setup by platform', () => {
  it('in the native shell asks for platform=mobile and opens the in-app browser', async () => {
    await startPaymentSetup(probe(true));
    expect(post).toHaveBeenCalledWith('/api/payment-setup/account', { platform: 'mobile' });
    expect(browserOpen).toHaveBeenCalledWith({ url: 'https://connect.example.com/onboard/1' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('opens the refresh link in the in-app browser too', async () => {
    await continuePaymentSetup(probe(true));
    expect(post).toHaveBeenCalledWith('/api/payment-setup/refresh-link', { platform: 'mobile' });
    expect(browserOpen).toHaveBeenCalledTimes(1);
  });

  it('on the web asks for platform=web and navigates the window', async () => {
    await startPaymentSetup(probe(false));
    expect(post).toHaveBeenCalledWith('/api/payment-setup/account', { platform: 'web' });
    expect(assign).toHaveBeenCalledWith('https://connect.example.com/onboard/1');
    expect(browserOpen).not.toHaveBeenCalled();
  });
});
