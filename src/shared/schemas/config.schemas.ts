import { z } from 'zod';

/** GET /api/config: the public runtime settings the web app reads (never secrets). */
export const runtimeConfigSchema = z
  .object({
    paymentProvider: z.enum(['stripe', 'local']),
    publishableKey: z.string().nullable(),
    mapTileUrl: z.string().nullable(),
    mapTileAttribution: z.string().nullable(),
    appScheme: z.string(),
    devOutbox: z.boolean(),
  })
  .meta({ id: 'RuntimeConfig' });

export type RuntimeConfig = z.output<typeof runtimeConfigSchema>;
