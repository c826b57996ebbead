import type { RouteDoc } from '../route-doc';

export const avatarsDocs: RouteDoc[] = [
  { route: 'GET /api/avatars/:userId/:fileName', summary: 'Read a profile photo', access: 'public' },
  { route: 'POST /api/me/avatar', summary: 'Upload my profile photo', access: 'user', upload: true },
];
