import { publicSettingsDtoSchema } from '@shared/schemas/geo-api.schemas';
import type { RouteDoc } from '../route-doc';

export const settingsDocs: RouteDoc[] = [
  {
    route: 'GET /api/public-settings',
    summary: 'Public footer and legal texts, maintenance mode, the platform fee, review window and price limits',
    access: 'public',
    responses: { 200: publicSettingsDtoSchema },
  },
];
