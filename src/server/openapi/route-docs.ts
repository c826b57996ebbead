import type { RouteDoc } from './route-doc';
import { accountControlDocs } from './paths/account-control';
import { accountsDocs } from './paths/accounts';
import { adminDocs } from './paths/admin';
import { avatarsDocs } from './paths/avatars';
import { configDocs } from './paths/config';
import { discoveryDocs } from './paths/discovery';
import { invitationDocs } from './paths/invitations';
import { appointmentDocs } from './paths/appointments';
import { reliabilityDocs } from './paths/reliability';
import { receiptsDocs } from './paths/receipts';
import { apiKeysDocs } from './paths/api-keys';
import { webhooksDocs } from './paths/webhooks';
import { noAccessDocs } from './paths/no-access';
import { disputesDocs } from './paths/disputes';
import { evidenceDocs } from './paths/evidence';
import { evidenceChangesDocs } from './paths/evidence-changes';
import { offersDocs } from './paths/offers';
import { priceChangesDocs } from './paths/price-changes';
import { expertsDocs } from './paths/experts';
import { geoDocs } from './paths/geo';
import { messagesDocs } from './paths/messages';
import { notificationDeliveryDocs } from './paths/notification-delivery';
import { webPushDocs } from './paths/web-push';
import { notificationsDocs } from './paths/notifications';
import { opsDocs, systemDocs } from './paths/ops';
import { paymentsDocs } from './paths/payments';
import { phoneDocs } from './paths/phone';
import { profilesDocs } from './paths/profiles';
import { publicProfilesDocs } from './paths/public-profiles';
import { realtimeDocs } from './paths/realtime';
import { settingsDocs } from './paths/settings';
import { tasksDocs } from './paths/tasks';
import { verificationDocs } from './paths/verification';
import { videoUploadsDocs } from './paths/video-uploads';
import { taskAlertsDocs } from './paths/task-alerts';
import { earningsDocs } from './paths/earnings';

/** Every described endpoint; openapi.test.ts fails when a mounted route has no entry here. */
export const routeDocs: RouteDoc[] = [
  ...opsDocs,
  ...systemDocs,
  ...configDocs,
  ...accountsDocs,
  ...profilesDocs,
  ...notificationsDocs,
  ...geoDocs,
  ...expertsDocs,
  ...avatarsDocs,
  ...phoneDocs,
  ...tasksDocs,
  ...paymentsDocs,
  ...settingsDocs,
  ...verificationDocs,
  ...videoUploadsDocs,
  ...taskAlertsDocs,
  ...publicProfilesDocs,
  ...messagesDocs,
  ...realtimeDocs,
  ...notificationDeliveryDocs,
  ...webPushDocs,
  ...adminDocs,
  ...disputesDocs,
  ...discoveryDocs,
  ...invitationDocs,
  ...appointmentDocs,
  ...reliabilityDocs,
  ...receiptsDocs,
  ...apiKeysDocs,
  ...webhooksDocs,
  ...noAccessDocs,
  ...accountControlDocs,
  ...evidenceDocs,
  ...evidenceChangesDocs,
  ...earningsDocs,
  ...offersDocs,
  ...priceChangesDocs,
];
