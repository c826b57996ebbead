import { useSearchParams } from 'react-router';
import { accountControlMessages as texts } from '@shared/messages/account-control';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { TwoFactorCard } from './two-factor-card';
import { SessionsCard } from './sessions-card';
import { DeleteAccountCard } from './delete-account-card';
import { ExportCard } from './export-card';

/** The Account tab of /profile (issue 22): two-factor sign-in, devices, export, deletion. */
export function AccountTab() {
  const [params] = useSearchParams();
  return (
    <div className="space-y-6">
      {params.get('twoFactorRequired') === 'true' ? (
        <Alert variant="warning" role="status">
          <AlertDescription>{texts.twoFactorRequired}</AlertDescription>
        </Alert>
      ) : null}
      <TwoFactorCard />
      <SessionsCard />
      <ExportCard />
      <DeleteAccountCard />
    </div>
  );
}
