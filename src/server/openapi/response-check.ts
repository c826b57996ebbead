import type { z } from 'zod';
import { errorSchema } from './error-schema';
import type { RouteDoc } from './route-doc';
import { routeDocs } from './route-docs';

interface CompiledRoute {
  route: string;
  method: string;
  pattern: RegExp;
  /** Literal segments first: `/api/tasks/check-location` wins over `/api/tasks/:id`. */
  rank: number;
  responses: Map<number, z.ZodType>;
  /** A documented answer that is not JSON: its status and media type (`image/*` allowed). */
  produces?: { status: number; contentType?: string };
  sharedErrors: boolean;
}

/** `text/csv; charset=utf-8` matches `text/csv`; `image/webp` matches `image/*`; any type matches `*\/*`. */
function mediaTypeMatches(actual: string, documented: string): boolean {
  const base = (type: string) => type.split(';')[0]!.trim().toLowerCase();
  const [want, got] = [base(documented), base(actual)];
  if (want === '*/*') return got !== '';
  return want.endsWith('/*') ? got.startsWith(want.slice(0, -1)) : got === want;
}

function compile(doc: RouteDoc): CompiledRoute {
  const [method, path] = doc.route.split(' ') as [string, string];
  const segments = path.split('/').slice(1);
  const source = segments
    .map((segment) =>
      segment === '*'
        ? '.*'
        : segment.startsWith(':')
          ? '[^/]+'
          : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'),
    )
    .join('/');
  const literals = segments.filter((segment) => segment !== '*' && !segment.startsWith(':')).length;
  const wildcard = path.endsWith('/*');
  return {
    route: doc.route,
    method,
    pattern: new RegExp(`^/${source}$`),
    rank: wildcard ? -1 : literals,
    responses: new Map(
      Object.entries(doc.responses ?? {}).map(([status, schema]) => [Number(status), schema!]),
    ),
    ...(doc.produces ? { produces: doc.produces } : {}),
    sharedErrors: !doc.foreignErrors,
  };
}

export interface ResponseMismatch {
  route: string;
  status: number;
  issues: string;
}

/**
 * Checks a JSON answer against the schema the OpenAPI document gives for its route and status (issue 21).
 * Everything is compiled once: the routes' patterns here, the zod schemas when they were declared, so
 * the check costs one regex scan and one parse per response across the whole API suite.
 */
export function createResponseCheck(docs: RouteDoc[] = routeDocs) {
  const byMethod = new Map<string, CompiledRoute[]>();
  for (const route of docs.map(compile)) {
    const list = byMethod.get(route.method) ?? [];
    list.push(route);
    byMethod.set(route.method, list);
  }
  for (const list of byMethod.values()) list.sort((a, b) => b.rank - a.rank);

  function routeOf(method: string, path: string): CompiledRoute | undefined {
    return byMethod.get(method.toUpperCase())?.find((route) => route.pattern.test(path));
  }

  /** The schema a response must match, or undefined when the route or status is not described. */
  function schemaOf(
    method: string,
    path: string,
    status: number,
  ): { route: string; schema: z.ZodType } | undefined {
    const route = routeOf(method, path.split('?')[0]!);
    if (!route) return undefined;
    const schema =
      route.responses.get(status) ?? (status >= 400 && route.sharedErrors ? errorSchema : undefined);
    return schema ? { route: route.route, schema } : undefined;
  }

  return {
    schemaOf,
    /** Undefined when the answer's media type is the documented non-JSON one (or none is documented). */
    checkMediaType(
      method: string,
      path: string,
      status: number,
      contentType: string,
    ): ResponseMismatch | undefined {
      const route = routeOf(method, path.split('?')[0]!);
      const documented = route?.produces;
      if (!route || !documented?.contentType || documented.status !== status) return undefined;
      if (mediaTypeMatches(contentType, documented.contentType)) return undefined;
      return {
        route: route.route,
        status,
        issues: `content-type ${contentType || '(none)'}, documented ${documented.contentType}`,
      };
    },
    /** Undefined when the body matches (or nothing is documented); otherwise what differs. */
    check(method: string, path: string, status: number, body: unknown): ResponseMismatch | undefined {
      const found = schemaOf(method, path, status);
      if (!found) return undefined;
      const result = found.schema.safeParse(body);
      if (result.success) return undefined;
      const issues = result.error.issues
        .slice(0, 5)
        .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
        .join('; ');
      return { route: found.route, status, issues };
    },
  };
}
