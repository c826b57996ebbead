/**
 * The spec's checks before the card provider's elements load (logged only, never shown):
 * the publishable key must look like pk_test_… or pk_live_…, and a payment page served over plain
 * http on a non-local host is warned about, since card elements need https there.
 */
const PUBLISHABLE_KEY_PATTERN = /^pk_(test|live)_[A-Za-z0-9]+$/;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function stripeEnvironmentProblems(publishableKey: string, page: { protocol: string; hostname: string }) {
  const problems: Array<{ level: 'error' | 'warn'; text: string }> = [];
  if (!PUBLISHABLE_KEY_PATTERN.test(publishableKey)) {
    problems.push({ level: 'error', text: 'The payment provider publishable key is malformed; payment elements may not load.' });
  }
  if (page.protocol === 'http:' && !LOCAL_HOSTS.has(page.hostname)) {
    problems.push({ level: 'warn', text: 'The payment page is served over plain http; card payments need https.' });
  }
  return problems;
}

export function logStripeEnvironmentProblems(publishableKey: string, page: Location = window.location) {
  for (const problem of stripeEnvironmentProblems(publishableKey, page)) console[problem.level](problem.text);
}
