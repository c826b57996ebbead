import { z } from 'zod';
import { isoDateSchema, same } from './api-response-helpers';
import type { AccountSessionDto, DataExportDto, SuspensionDto } from './account-control.schemas';

/** The answers of the sessions, data export, deletion and suspension routes (issue 21, issue 22's routes). */

export const accountSessionDtoSchema = z
  .object({
    id: z.string(),
    device: z.string(),
    place: z.string(),
    last_used_at: isoDateSchema,
    created_at: isoDateSchema,
    current: z.boolean(),
  })
  .meta({ id: 'AccountSession' });

export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionDtoSchema) });

/** POST /api/account/sessions/sign-out-others: how many sessions were ended. */
export const endedSessionsSchema = z.object({ ended: z.number().int() });

export const accountDeletedSchema = z.object({ deleted: z.literal(true) });

export const suspensionDtoSchema = z
  .object({ suspended: z.boolean(), reason: z.string().nullable(), suspended_at: isoDateSchema.nullable() })
  .meta({ id: 'Suspension' });

export const dataExportDtoSchema = z
  .object({
    id: z.string(),
    status: z.enum(['pending', 'ready', 'failed', 'expired']),
    created_at: isoDateSchema,
    ready_at: isoDateSchema.nullable(),
    expires_at: isoDateSchema.nullable(),
    download_url: z.string().nullable(),
  })
  .meta({ id: 'DataExport' });

export const dataExportListSchema = z.object({ exports: z.array(dataExportDtoSchema) });

/** POST /api/account/exports (202): the queued export and the spec's confirmation text. */
export const dataExportQueuedSchema = z.object({ export: dataExportDtoSchema, message: z.string() });

same<z.output<typeof accountSessionDtoSchema>, AccountSessionDto>(true);
same<z.output<typeof suspensionDtoSchema>, SuspensionDto>(true);
same<z.output<typeof dataExportDtoSchema>, DataExportDto>(true);
