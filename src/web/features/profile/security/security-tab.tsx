import { useSearchParams } from 'react-router';
import { accountControlMessages as texts } from '@shared/messages/account-control';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { SessionsCard } from '../account/sessions-card';
import { TwoFactorCard } from '../account/two-factor-card';
import { PhoneVerificationCard } from './phone-verification-card';

/**
 * The Security tab of /profile, for everyone (issue 52): two-factor sign-in and the signed-in
 * devices, where people look for them, and phone verification for non-experts (spec 000: experts
 * verify their phone in the expert application).
 */
export function SecurityTab({ isExpert }: { isExpert: boolean }) {
  const [params] = useSearchParams();
  return (
    <div className="space-y-6">
      {params.get('twoFactorRequired') === 'true' ? (
        <Alert variant="warning" role="status">
          <AlertDescription>{texts.twoFactorRequired}</AlertDescription>
        </Alert>
      ) : null}
      {/* The spec's Security tab is the phone check: it stays first for those who have it. */}
      {isExpert ? null : <PhoneVerificationCard />}
      <TwoFactorCard />
      <SessionsCard />
    </div>
  );
}
