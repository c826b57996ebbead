import { runtimeConfigSchema } from '@shared/schemas/config.schemas';
import type { RouteDoc } from '../route-doc';

export const configDocs: RouteDoc[] = [
  {
    route: 'GET /api/config',
    summary: 'Public configuration of the web app',
    access: 'public',
    responses: { 200: runtimeConfigSchema },
  },
];
