import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { createResponseCheck } from './response-check';
import { routeDocs } from './route-docs';

const docs = [
  {
    route: 'GET /api/things/:id',
    summary: 'A thing',
    access: 'user' as const,
    responses: { 200: z.object({ id: z.string() }) },
  },
  {
    route: 'GET /api/things/mine',
    summary: 'Mine',
    access: 'user' as const,
    responses: { 200: z.object({ mine: z.boolean() }) },
  },
  { route: 'GET /api/auth/*', summary: 'Auth', access: 'public' as const, foreignErrors: true },
  {
    route: 'GET /api/things/:id/photo',
    summary: 'A photo',
    access: 'user' as const,
    produces: { status: 200, contentType: 'image/*', description: 'The photo.' },
  },
];

describe('the response check of the API suite', () => {
  const check = createResponseCheck(docs);

  it('accepts a body that matches the schema of its route and status', () => {
    expect(check.check('GET', '/api/things/42?x=1', 200, { id: '42' })).toBeUndefined();
    expect(check.check('GET', '/api/things/mine', 200, { mine: true })).toBeUndefined();
  });

  it('names the route, the status and the field of a body that does not match', () => {
    expect(check.check('GET', '/api/things/42', 200, { id: 42 })).toEqual({
      route: 'GET /api/things/:id',
      status: 200,
      issues: expect.stringContaining('id:'),
    });
    // The literal route wins over the parameter.
    expect(check.check('GET', '/api/things/mine', 200, { id: 'mine' })?.route).toBe('GET /api/things/mine');
  });

  it('holds every refusal to the shared error shape, except a library route that has its own', () => {
    expect(
      check.check('GET', '/api/things/42', 404, { error: { code: 'not_found', message: 'Not found' } }),
    ).toBeUndefined();
    expect(check.check('GET', '/api/things/42', 409, { message: 'nope' })?.issues).toContain('error');
    expect(check.check('GET', '/api/auth/session', 401, { message: 'nope' })).toBeUndefined();
  });

  it('holds a non-JSON answer to its documented media type', () => {
    expect(check.checkMediaType('GET', '/api/things/42/photo', 200, 'image/webp')).toBeUndefined();
    expect(check.checkMediaType('GET', '/api/things/42/photo', 200, 'text/html; charset=utf-8')).toEqual({
      route: 'GET /api/things/:id/photo',
      status: 200,
      issues: 'content-type text/html; charset=utf-8, documented image/*',
    });
    // Refusals keep the shared JSON error shape, and routes without `produces` are left alone.
    expect(check.checkMediaType('GET', '/api/things/42/photo', 404, 'application/json')).toBeUndefined();
    expect(check.checkMediaType('GET', '/api/things/42', 200, 'text/plain')).toBeUndefined();
  });

  it('leaves undescribed statuses, methods and paths alone', () => {
    expect(check.schemaOf('GET', '/api/auth/session', 200)).toBeUndefined();
    expect(check.schemaOf('POST', '/api/things/42', 200)).toBeUndefined();
    expect(check.schemaOf('GET', '/elsewhere', 200)).toBeUndefined();
  });

  it('compiles the whole API description', () => {
    const all = createResponseCheck(routeDocs);
    expect(all.schemaOf('POST', '/api/tasks/check-location', 200)?.route).toBe(
      'POST /api/tasks/check-location',
    );
    expect(all.schemaOf('GET', '/api/tasks/abc', 200)?.route).toBe('GET /api/tasks/:id');
  });
});
