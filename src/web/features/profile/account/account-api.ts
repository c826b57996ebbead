/** "otpauth://totp/...?secret=ABC..." -> "ABC..." (what a person types into an authenticator app). */
export function secretOfTotpUri(uri: string): string {
  try {
    return new URL(uri).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}
