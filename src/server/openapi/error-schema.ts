import { z } from 'zod';

/** Every refusal of the API (src/server/http/errors.ts): the web app reads `error.message` and `error.fields`. */
export const errorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({
    id: 'Error',
    description:
      'Every refusal: 400 bad input, 401 signed out, 403 wrong user or role, 404, 409 state conflict.',
  });
