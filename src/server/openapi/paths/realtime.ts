import type { RouteDoc } from '../route-doc';

export const realtimeDocs: RouteDoc[] = [
  { route: 'GET /api/realtime', summary: 'The realtime WebSocket (upgrade)', access: 'user' },
];
