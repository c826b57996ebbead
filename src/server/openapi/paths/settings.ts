import type { RouteDoc } from '../route-doc';

export const settingsDocs: RouteDoc[] = [
  { route: 'GET /api/public-settings', summary: 'Public footer and legal texts', access: 'public' },
];
