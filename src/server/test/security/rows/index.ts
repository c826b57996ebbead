import type { MatrixRow } from '../matrix';
import { accountRows } from './accounts.rows';
import { adminRows } from './admin.rows';
import { expertPublicRows } from './experts-public.rows';
import { messageRows } from './messages.rows';
import { moneyRows } from './money.rows';
import { paymentRows } from './payments.rows';
import { devRows, platformRows } from './platform.rows';
import { discoveryRows } from './discovery.rows';
import { taskRows } from './tasks.rows';
import { notifyRows } from './notify.rows';
import { webPushRows } from './web-push.rows';
import { accountControlRows } from './account-control.rows';
import { operationsRows } from './operations.rows';
import { evidenceRows } from './evidence.rows';
import { invitationRows } from './invitations.rows';
import { appointmentRows } from './appointments.rows';
import { reliabilityRows } from './reliability.rows';
import { receiptsRows } from './receipts.rows';
import { apiKeysRows } from './api-keys.rows';
import { webhooksRows } from './webhooks.rows';
import { noAccessRows } from './no-access.rows';
import { lateWorkRows } from './late-work.rows';
import { earningsRows } from './earnings.rows';
import { offerRows } from './offers.rows';
import { priceChangeRows } from './price-changes.rows';

/**
 * Every module's rows. A branch that adds routes adds `<module>.rows.ts` next to these and lists it
 * here; a route without a row fails authorization-matrix.test.ts.
 */
export const matrixRows: MatrixRow[] = [
  ...platformRows,
  ...devRows,
  ...accountRows,
  ...taskRows,
  ...paymentRows,
  ...messageRows,
  ...expertPublicRows,
  ...adminRows,
  ...moneyRows,
  ...discoveryRows,
  ...notifyRows,
  ...webPushRows,
  ...accountControlRows,
  ...operationsRows,
  ...evidenceRows,
  ...invitationRows,
  ...appointmentRows,
  ...reliabilityRows,
  ...receiptsRows,
  ...apiKeysRows,
  ...webhooksRows,
  ...noAccessRows,
  ...lateWorkRows,
  ...earningsRows,
  ...offerRows,
  ...priceChangeRows,
];
