import type { RouteDoc } from '../route-doc';

export const realtimeDocs: RouteDoc[] = [
  {
    route: 'GET /api/realtime',
    summary:
      'The realtime WebSocket (upgrade; an allowed Origin and the session cookie; 426 without the upgrade)',
    access: 'user',
    produces: {
      status: 101,
      description: 'Switching to the WebSocket: the server pushes JSON events for the signed-in user.',
    },
  },
];
