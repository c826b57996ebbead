import { z } from 'zod';
import { API_KEY_SCOPES, API_KEYS, type ApiKeyScope } from '../constants';
import { messages } from '../messages';

const text = messages.apiKeys;

/** One API key as the Developers tab lists it (issue 54): never the key itself, only its first characters. */
export interface ApiKeyDto {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
}

export const apiKeyDtoSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    expires_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });

export const createApiKeySchema = z.object({
  name: z.string(text.invalidName).trim().min(1, text.invalidName).max(API_KEYS.nameMaxLength, text.invalidName),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, text.invalidScopes), text.invalidScopes)
    .min(1, text.invalidScopes)
    .max(API_KEY_SCOPES.length, text.invalidScopes)
    .transform((scopes) => [...new Set(scopes)]),
  /** An ISO date-time; checked against the server's clock by the route (must be in the future). */
  expires_at: z.iso.datetime({ offset: true, message: text.invalidExpiry }).nullable().optional(),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

/** The answer to a create: the key's row and, this once, the whole key. */
export const createdApiKeySchema = z.object({ api_key: apiKeyDtoSchema, secret: z.string() });
export type CreatedApiKeyDto = z.infer<typeof createdApiKeySchema>;
