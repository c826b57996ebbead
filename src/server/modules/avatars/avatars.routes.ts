import { Hono } from 'hono';
import { AVATAR } from '@shared/constants';
import { messages } from '@shared/messages';
import type { AvatarUploadResponse } from '@shared/schemas/expert-onboarding.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { formData } from '../../http/validation';
import { userFileResponse } from '../../http/user-file';
import { AppError } from '../../lib/errors';
import { createAvatarsService } from './avatars.service';

/** The multipart field of POST /api/me/avatar. */
export const AVATAR_FIELD = 'avatar';

/** Leaves room for the multipart envelope around one file. */
const ENVELOPE_BYTES = 64 * 1024;

export function avatarsRoutes(deps: AppDeps) {
  const service = createAvatarsService({ db: deps.db, clock: deps.clock, storage: deps.providers.storage });
  return new Hono<AppEnv>()
    .post('/me/avatar', async (c) => {
      const user = requireUser(c);
      if (Number(c.req.header('content-length') ?? '0') > AVATAR.maxBytes + ENVELOPE_BYTES) {
        throw new AppError('payload_too_large', messages.avatar.tooLarge);
      }
      const form = await formData(c, AVATAR.maxBytes + ENVELOPE_BYTES);
      const result: AvatarUploadResponse = await service.upload(user.id, form.get(AVATAR_FIELD));
      return c.json(result);
    })
    // Public on purpose: avatars appear next to names for every visitor. Keys carry a timestamp, so
    // a URL's content never changes and may be cached for good.
    .get('/avatars/:userId/:fileName', async (c) => {
      const file = await service.read(c.req.param('userId'), c.req.param('fileName'));
      return userFileResponse(c, file, { disposition: 'inline', cache: 'public-immutable' });
    });
}
