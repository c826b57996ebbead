import { Navigate } from 'react-router';
import type { ReturnFlags } from './return-plan';

/**
 * The payment half of /stripe-return: the provider's redirect after a card authentication step
 * (3-D Secure) arrives here with payment_intent, payment_intent_client_secret and redirect_status.
 *
 * Owned by the task issue, which replaces this body: retrieve the intent by its client secret,
 * confirm the authorization with the API, toast the outcome and go back to the task. Until then the
 * return lands on the dashboard, like a return without flags.
 */
export function PaymentIntentReturn(_props: { flags: ReturnFlags; search: URLSearchParams }) {
  return <Navigate to="/dashboard" replace />;
}
