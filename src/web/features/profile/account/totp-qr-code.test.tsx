// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TotpQrCode } from './totp-qr-code';

afterEach(cleanup);

const URI = 'otpauth://totp/Local%20Experts:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Local%20Experts';

describe('the two-factor QR code', () => {
  it('draws the set-up link as a QR code image with a text alternative', async () => {
    render(<TotpQrCode uri={URI} />);
    const image = await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    const source = image.getAttribute('src')!;
    expect(source.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    const svg = decodeURIComponent(source.slice(source.indexOf(',') + 1));
    expect(svg).toMatch(/^<svg[^>]*viewBox="0 0 (\d+) \1"/);
    // A different link draws a different code.
    cleanup();
    render(<TotpQrCode uri={URI.replace('JBSWY3DPEHPK3PXP', 'KRSXG5CTMVRXEZLU')} />);
    const other = await screen.findByRole('img');
    expect(other.getAttribute('src')).not.toBe(source);
  });
});
