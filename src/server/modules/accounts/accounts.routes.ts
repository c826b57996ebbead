import { Hono } from 'hono';
import { messages } from '@shared/messages';
import { signUpSchema } from '@shared/schemas/accounts.schemas';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../http/context';
import { jsonBody } from '../../http/validation';
import { conflict } from '../../lib/errors';
import { emailExists } from '../profiles/profiles.repository';

/**
 * Sign-up with the spec's behaviour: an email that is already registered is told so (the form then
 * switches to login), which Better Auth alone hides behind a generic success.
 */
export function accountsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post('/accounts/sign-up', async (c) => {
    const request = await jsonBody(c, signUpSchema);
    if (await emailExists(deps.db, request.email)) throw conflict(messages.auth.emailAlreadyRegistered);
    const response = await deps.auth.api.signUpEmail({
      body: {
        email: request.email,
        password: request.password,
        name: `${request.first_name} ${request.last_name}`,
        firstName: request.first_name,
        lastName: request.last_name,
        callbackURL: '/auth?confirmed=true',
      },
      headers: c.req.raw.headers,
      asResponse: true,
    });
    if (!response.ok) return response;
    return c.json({ success: true, message: messages.auth.accountCreated }, 201);
  });
}
