/**
 * The variables a production start needs when every outside service is explicitly embedded
 * (decision 0430): tests and the load test run NODE_ENV=production without outside accounts.
 * The VAPID pair is a throw-away test pair, never used to send anything.
 */
export const EMBEDDED_PRODUCTION_ENV: Readonly<Record<string, string>> = {
  EMAIL_TRANSPORT: 'outbox',
  PAYMENTS_PROVIDER: 'local',
  SMS_PROVIDER: 'outbox',
  PUSH_PROVIDER: 'outbox',
  STORAGE: 'disk',
  VAPID_PUBLIC_KEY: 'BHz5qiAWmn8e8QIBDlp7XxYDvN_tsqcqS5QtMPeYNl07Qo87rMqW2vPGg-dr2EyMjjTPyIodA3dXOvLlmMFG9Oo',
  VAPID_PRIVATE_KEY: 'lBiicVgyLNsWzBc1SzHmIdgzihGIZI_bivGxdyEOJxA',
};
