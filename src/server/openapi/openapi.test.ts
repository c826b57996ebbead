import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointsOf } from '../test/security/matrix';
import { createTestApp, type TestApp } from '../test/test-app';
import { openApiPathOf } from './document';
import { openApiRoutes } from './openapi.routes';
import { routeDocs } from './route-docs';

/** Endpoints that are not part of the API a third party calls: development pages, app links, the catch-all. */
const UNDESCRIBED = [/^\w+ \/dev\//, /^GET \/\.well-known\//, /^GET \/robots\.txt$/, /^ALL \/api\/\*$/];
/** Described, but mounted only with METRICS_TOKEN set (the test app has none). */
const MOUNTED_WITH_CONFIG = ['GET /metrics'];

let t: TestApp;
let document: {
  openapi: string;
  paths: Record<
    string,
    Record<string, { summary: string; requestBody?: unknown; parameters?: { name: string; in: string }[] }>
  >;
};
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.request('GET', '/api/openapi.json');
  expect(response.status).toBe(200);
  document = await t.json(response);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, served without a session', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every mounted route, and nothing that is not mounted', () => {
    const endpoints = endpointsOf(t.app).filter(
      (endpoint) => !UNDESCRIBED.some((pattern) => pattern.test(endpoint)),
    );
    const described = new Set(routeDocs.map((doc) => doc.route));
    expect(
      endpoints.filter((endpoint) => !described.has(endpoint)),
      'routes without a description in src/server/openapi/paths',
    ).toEqual([]);
    const extra = [...described].filter(
      (route) => !endpoints.includes(route) && !MOUNTED_WITH_CONFIG.includes(route),
    );
    expect(extra, 'descriptions of routes that do not exist').toEqual([]);
    for (const doc of routeDocs) {
      const [method, pattern] = doc.route.split(' ') as [string, string];
      const operation = document.paths[openApiPathOf(pattern)]?.[method.toLowerCase()];
      expect(operation?.summary, doc.route).toBe(doc.summary);
    }
  });

  it("describes every route's success answer: a JSON schema, or the media type of a file, page or upgrade", () => {
    const undescribed = routeDocs.filter(
      (doc) => !doc.produces && !Object.keys(doc.responses ?? {}).some((status) => Number(status) < 300),
    );
    expect(undescribed.map((doc) => doc.route)).toEqual([]);
    const photo = document.paths['/api/tasks/{id}/evidence/{index}']!.get! as {
      responses?: Record<string, unknown>;
    };
    expect(JSON.stringify(photo.responses?.['200'])).toContain('image/');
  });

  it('carries the request schemas the routes validate with', () => {
    const place = document.paths['/api/tasks/check-location']!.post!;
    expect(JSON.stringify(place.requestBody)).toContain('latitude');
    const task = document.paths['/api/tasks/{id}']!.get!;
    expect(task.parameters?.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual(['path:id']);
  });

  it('has a reference page in development only', async () => {
    const page = await t.request('GET', '/api/reference');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/api/tasks/{id}/cancel');
    const production = openApiRoutes({ production: true, version: '0.1.0' });
    expect((await production.request('/reference')).status).toBe(404);
    expect((await production.request('/openapi.json')).status).toBe(200);
  });
});
