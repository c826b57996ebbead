import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../openapi/document';
import { scopeOfRequest } from './api-key-scopes';

describe('the scope an API-key request needs (issue 54, decision 0472)', () => {
  it('maps task, application and evidence reads and writes, messages and reports', () => {
    const id = '0b6c2f7e-6f7e-4a53-9a8f-0d1e2f3a4b5c';
    expect(scopeOfRequest('GET', '/api/tasks')).toBe('tasks:read');
    expect(scopeOfRequest('HEAD', `/api/tasks/${id}`)).toBe('tasks:read');
    expect(scopeOfRequest('GET', `/api/tasks/${id}/evidence/0/thumbnail`)).toBe('tasks:read');
    expect(scopeOfRequest('POST', '/api/tasks')).toBe('tasks:write');
    expect(scopeOfRequest('PATCH', `/api/tasks/${id}`)).toBe('tasks:write');
    expect(scopeOfRequest('POST', `/api/tasks/${id}/applications`)).toBe('tasks:write');
    expect(scopeOfRequest('POST', `/api/tasks/${id}/applications/${id}/reject`)).toBe('tasks:write');
    expect(scopeOfRequest('POST', `/api/tasks/${id}/evidence/confirm`)).toBe('tasks:write');
    expect(scopeOfRequest('POST', `/api/tasks/${id}/messages`)).toBe('messages:write');
    expect(scopeOfRequest('GET', `/api/reports/${id}/pdf`)).toBe('reports:read');
    expect(scopeOfRequest('GET', `/api/tasks/${id}/report`)).toBe('reports:read');
  });

  it('maps nothing else: admin, account, key management, payment setup and money moves refuse keys', () => {
    const id = '0b6c2f7e-6f7e-4a53-9a8f-0d1e2f3a4b5c';
    for (const [method, path] of [
      ['GET', '/api/admin/tasks'],
      ['POST', `/api/admin/users/${id}/suspension`],
      ['PATCH', '/api/profile'],
      ['GET', '/api/me/api-keys'],
      ['DELETE', `/api/me/api-keys/${id}`],
      ['POST', '/api/auth/sign-out'],
      ['POST', `/api/tasks/${id}/tips`],
      ['POST', `/api/tasks/${id}/price-changes`],
      ['POST', `/api/tasks/${id}/report/revoke`],
      ['DELETE', `/api/tasks/${id}`],
      ['GET', `/api/tasks/${id}/money`],
      ['GET', '/api/tasks/../admin/tasks'],
    ] as const) {
      expect(scopeOfRequest(method, path), `${method} ${path}`).toBeNull();
    }
  });

  it('is described in the OpenAPI document: the Bearer scheme on scoped routes only, and Idempotency-Key on POSTs', () => {
    const doc = buildOpenApiDocument() as unknown as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { security?: Record<string, string[]>[]; parameters?: { name: string; in: string }[] }>>;
    };
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/tasks']!.post!.security).toEqual([{ session: [] }, { apiKey: ['tasks:write'] }]);
    expect(doc.paths['/api/me/api-keys']!.get!.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/tasks']!.post!.parameters).toContainEqual(expect.objectContaining({ name: 'idempotency-key', in: 'header' }));
  });
});
