import type { LocalVerificationProvider } from '../local-adapter';
import { VerificationProviderError } from '../verification-provider';

/**
 * A stand-in for the real provider's identity verification HTTP API, for tests of the real adapter:
 * it records every request and answers in the provider's JSON shapes, with a LocalVerificationProvider
 * keeping the state, so the real adapter runs through the same contract as the local one. It refuses
 * POSTs without an Idempotency-Key, so a regression in the adapter's requests fails the contract.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  headers: Record<string, string>;
}

export function createFakeStripeIdentityApi(local: LocalVerificationProvider) {
  const requests: RecordedRequest[] = [];

  async function fetchStub(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const form = method === 'GET' ? url.searchParams : new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    const params = Object.fromEntries(form.entries());
    requests.push({ method, path: url.pathname, params, headers });
    try {
      if (method === 'POST' && url.pathname === '/v1/identity/verification_sessions') {
        if (!headers['idempotency-key']) return error(400, 'invalid_request_error', 'fake: missing Idempotency-Key header');
        if (params.type !== 'document') return error(400, 'invalid_request_error', 'fake: type must be document');
        const check = await local.startCheck({
          expertId: params['metadata[expert_id]'],
          level: params['metadata[level]'] as 'background_check',
          returnUrl: params.return_url,
          idempotencyKey: headers['idempotency-key'],
        });
        return json(200, await render(check.reference));
      }
      const match = url.pathname.match(/^\/v1\/identity\/verification_sessions\/([^/]+)$/);
      if (method === 'GET' && match) return json(200, await render(match[1]));
      return error(404, 'invalid_request_error', `fake: no route ${method} ${url.pathname}`);
    } catch (caught) {
      if (caught instanceof VerificationProviderError && caught.kind === 'not_found') {
        return error(404, 'invalid_request_error', caught.message, 'resource_missing');
      }
      throw caught;
    }
  }

  async function render(reference: string) {
    const row = await local.findSession(reference);
    if (!row) throw new VerificationProviderError('not_found', `No such verificationsession: '${reference}'`);
    const session = local.sessionObject(row);
    return {
      ...session,
      object: 'identity.verification_session',
      type: 'document',
      url: session.status === 'requires_input' && !session.last_error ? `https://verify.stripe.com/start/${row.id}` : null,
      created: Math.floor(row.created_at.getTime() / 1000),
      livemode: false,
    };
  }

  return { fetch: fetchStub, requests, render };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'request-id': 'req_fake' } });

const error = (status: number, type: string, message: string, code?: string) =>
  json(status, { error: { type, message, ...(code ? { code } : {}) } });
