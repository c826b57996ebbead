import { DeleteAccountCard } from './delete-account-card';
import { ExportCard } from './export-card';

/**
 * The Account tab of /profile (issue 22): export and deletion. Two-factor sign-in and the devices
 * moved to the Security tab, where people look for them (issue 52).
 */
export function AccountTab() {
  return (
    <div className="space-y-6">
      <ExportCard />
      <DeleteAccountCard />
    </div>
  );
}
