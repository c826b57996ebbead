import { avatarUploadResponseSchema } from '@shared/schemas/experts-api.schemas';
import type { RouteDoc } from '../route-doc';

export const avatarsDocs: RouteDoc[] = [
  {
    route: 'GET /api/avatars/:userId/:fileName',
    summary: 'Read a profile photo',
    access: 'public',
    produces: {
      status: 200,
      contentType: 'image/*',
      description: 'The photo (JPEG, PNG or WebP), cached for good.',
    },
  },
  {
    route: 'POST /api/me/avatar',
    summary: 'Upload my profile photo (form field: avatar)',
    access: 'user',
    upload: true,
    responses: { 200: avatarUploadResponseSchema },
  },
];
