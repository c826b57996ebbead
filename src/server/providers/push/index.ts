import type { Db } from '../../db/client';
import { createFcmPushSender, parseServiceAccount } from './fcm-adapter';
import { createOutboxPushSender } from './outbox-adapter';
import type { PushSenderAdapter } from './push-sender';

export {
  PushSendError,
  pushDataToStrings,
  type PushData,
  type PushMessage,
  type PushSender,
  type PushSenderAdapter,
} from './push-sender';
export { createFcmPushSender, parseServiceAccount, type FcmServiceAccount } from './fcm-adapter';
export { createOutboxPushSender } from './outbox-adapter';

export interface CreatePushSenderOptions {
  db: Db;
  /** FCM_SERVICE_ACCOUNT_JSON (the key file's JSON or its path): FCM when set, the dev outbox otherwise. */
  serviceAccountJson?: string;
}

export function createPushSender(options: CreatePushSenderOptions): PushSenderAdapter {
  return options.serviceAccountJson
    ? createFcmPushSender({
        serviceAccount: parseServiceAccount(options.serviceAccountJson),
      })
    : createOutboxPushSender({ db: options.db });
}
