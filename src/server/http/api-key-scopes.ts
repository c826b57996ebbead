import type { ApiKeyScope } from '@shared/constants';

/**
 * Which scope an API-key request needs, by method and path (issue 54, decision 0472). An explicit
 * allow-list: a route not listed here (admin, account, security and profile changes, key management,
 * payment setup, money moves such as tips and price changes) refuses key requests with 403, so a
 * route added later is closed to keys until someone decides its scope.
 */
const ID = '[^/]+';
const rules: { methods: readonly string[]; path: RegExp; scope: ApiKeyScope }[] = [
  // Reports and their PDFs.
  { methods: ['GET'], path: re(`/reports/${ID}(/pdf)?`), scope: 'reports:read' },
  { methods: ['GET'], path: re(`/tasks/${ID}/report(/summary)?`), scope: 'reports:read' },
  // Reads of tasks, their applications and evidence (and the task's conversation, which a sender reads back).
  { methods: ['GET'], path: re(`/tasks(/${ID})?`), scope: 'tasks:read' },
  {
    methods: ['GET'],
    path: re(`/tasks/${ID}/(evidence-items|evidence/${ID}(/thumbnail)?|appointment|cancellations|cancellation-quote|messages|messages/${ID}/attachment)`),
    scope: 'tasks:read',
  },
  // Messages.
  { methods: ['POST'], path: re(`/tasks/${ID}/messages(/attachments|/read)?`), scope: 'messages:write' },
  // Writes on tasks, applications and evidence.
  { methods: ['POST'], path: re(`/tasks(/check-location)?`), scope: 'tasks:write' },
  { methods: ['PATCH'], path: re(`/tasks/${ID}`), scope: 'tasks:write' },
  {
    methods: ['POST'],
    path: re(
      `/tasks/${ID}/(cancel|accept|decline|assign|abandon|expert-cancel|applications|applications/${ID}/reject|evidence|evidence/(confirm|redeliver|reject|request-changes|resubmit))`,
    ),
    scope: 'tasks:write',
  },
];

function re(pattern: string): RegExp {
  return new RegExp(`^/api${pattern}/?$`);
}

/** The scope the request needs, or null when keys may not call the route at all. */
export function scopeOfRequest(method: string, path: string): ApiKeyScope | null {
  const m = method === 'HEAD' ? 'GET' : method;
  // `/tasks/check-location` and other fixed words also match `/tasks/:id` reads: both need tasks:read, which is right.
  return rules.find((rule) => rule.methods.includes(m) && rule.path.test(path))?.scope ?? null;
}
