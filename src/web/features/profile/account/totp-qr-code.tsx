import { useEffect, useState } from 'react';
import { accountControlMessages as texts } from '@shared/messages/account-control';

/**
 * The authenticator set-up link as a QR code, beside the key: a phone's authenticator app scans it
 * from the computer's screen. Drawn as SVG (no canvas), and the library is loaded only when a user
 * sets up two-factor sign-in.
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((markup) => {
        if (live) setSvg(markup);
      })
      // Without the code the key and the link below still set the app up.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [uri]);
  if (!svg) return null;
  return (
    <img
      className="size-44 rounded-md border bg-white p-1"
      width={176}
      height={176}
      alt={texts.twoFactorQrAlt}
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      data-testid="totp-qr"
    />
  );
}
