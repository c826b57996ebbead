import { generateKeyPairSync, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FCM_SCOPE, GOOGLE_TOKEN_URL, type FcmServiceAccount } from './fcm-adapter';

export interface StandInRequest {
  path: string;
  authorization: string | undefined;
  body: string;
}

export interface FcmStandIn {
  /** A key file whose token_uri points at the stand-in. */
  account: FcmServiceAccount;
  /** FCM's API origin as served by the stand-in. */
  apiBaseUrl: string;
  tokenRequests: StandInRequest[];
  sendRequests: StandInRequest[];
  /** The claims of each assertion that verified against the account's public key. */
  verifiedClaims: Array<Record<string, unknown>>;
  /** Answers for the next sends, in order (then 200). */
  answerSends(...answers: Array<{ status: number; body?: unknown }>): void;
  /** Makes the token endpoint refuse every exchange. */
  refuseTokens(): void;
  close(): Promise<void>;
}

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

/** Checks the RS256 assertion as Google does: signed by the account's key, for FCM's scope. */
function verifyAssertion(assertion: string, clientEmail: string): Record<string, unknown> | null {
  const [header, claims, signature] = assertion.split('.');
  if (!header || !claims || !signature) return null;
  const valid = verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature, 'base64url'));
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>;
  const fits = body.iss === clientEmail && body.scope === FCM_SCOPE && body.aud === GOOGLE_TOKEN_URL;
  return valid && fits ? body : null;
}

/**
 * A loopback HTTP server playing Google's OAuth token endpoint (POST /token) and FCM HTTP v1
 * (POST /v1/projects/:project/messages:send), so the real adapter and library run end to end offline.
 */
export async function startFcmStandIn(): Promise<FcmStandIn> {
  const tokenRequests: StandInRequest[] = [];
  const sendRequests: StandInRequest[] = [];
  const verifiedClaims: Array<Record<string, unknown>> = [];
  const sendAnswers: Array<{ status: number; body?: unknown }> = [];
  let refuse = false;
  let issued = 0;
  const clientEmail = 'push@demo-project.iam.gserviceaccount.com';

  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const seen = { path: request.url ?? '', authorization: request.headers.authorization, body };
      const reply = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (request.method === 'POST' && seen.path === '/token') {
        tokenRequests.push(seen);
        const form = new URLSearchParams(body);
        const claims = form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' ? verifyAssertion(form.get('assertion') ?? '', clientEmail) : null;
        if (refuse || !claims) return reply(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
        verifiedClaims.push(claims);
        issued += 1;
        return reply(200, { access_token: `access-${issued}`, expires_in: 3599, token_type: 'Bearer' });
      }
      if (request.method === 'POST' && seen.path === '/v1/projects/demo-project/messages:send') {
        sendRequests.push(seen);
        const answer = sendAnswers.shift() ?? { status: 200, body: { name: 'projects/demo-project/messages/1' } };
        return reply(answer.status, answer.body ?? { error: { code: answer.status, message: 'failed', status: 'UNAVAILABLE' } });
      }
      reply(404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    account: { project_id: 'demo-project', client_email: clientEmail, private_key: privateKeyPem, token_uri: `${origin}/token` },
    apiBaseUrl: origin,
    tokenRequests,
    sendRequests,
    verifiedClaims,
    answerSends: (...answers) => void sendAnswers.push(...answers),
    refuseTokens: () => void (refuse = true),
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/** FCM's answer when the device token is no longer registered. */
export const UNREGISTERED_ANSWER = {
  status: 404,
  body: {
    error: {
      code: 404,
      message: 'Requested entity was not found.',
      status: 'NOT_FOUND',
      details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
    },
  },
};
