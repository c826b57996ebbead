import { Hono } from 'hono';
import { EXPERT_DOCUMENT } from '@shared/constants';
import { messages } from '@shared/messages';
import type { ExpertApplicationResponse, MyExpertProfileResponse } from '@shared/schemas/expert-onboarding.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { formData } from '../../http/validation';
import { userFileResponse } from '../../http/user-file';
import { AppError, unauthenticated } from '../../lib/errors';
import { avatarsRoutes } from '../avatars/avatars.routes';
import { createExpertsService } from './experts.service';

/** Leaves room for the multipart envelope and the text fields around the document. */
const ENVELOPE_BYTES = 64 * 1024;

/** Routes of the experts module (mounted under /api by app.ts); the avatar routes ride along. */
export function expertsRoutes(deps: AppDeps) {
  const service = createExpertsService({ db: deps.db, clock: deps.clock, storage: deps.providers.storage });
  return new Hono<AppEnv>()
    .get('/experts/me', async (c) => {
      const user = requireUser(c);
      const body: MyExpertProfileResponse = { expert: await service.mine(user.id) };
      return c.json(body);
    })
    .post('/experts/application', async (c) => {
      const user = c.get('user');
      if (!user) throw unauthenticated(messages.expert.loginRequired);
      // Anything this big cannot be a document within the limit: answer with the spec's text before reading it.
      if (Number(c.req.header('content-length') ?? '0') > EXPERT_DOCUMENT.maxBytes + ENVELOPE_BYTES) {
        throw new AppError('payload_too_large', messages.expert.documentTooLarge);
      }
      const form = await formData(c, EXPERT_DOCUMENT.maxBytes + ENVELOPE_BYTES);
      const body: ExpertApplicationResponse = { expert: await service.submitApplication(user.id, form) };
      return c.json(body);
    })
    // Identity documents are private (docs/decisions/0020): never a public URL, only this authorized read.
    .get('/experts/:id/document', async (c) => {
      const user = requireUser(c);
      const file = await service.document(user.id, c.req.param('id'));
      return userFileResponse(c, file, { disposition: 'attachment', cache: 'private' });
    })
    .route('/', avatarsRoutes(deps));
}
