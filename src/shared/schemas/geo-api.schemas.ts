import { z } from 'zod';
import { same } from './api-response-helpers';
import type {
  GeocodeReverseResponse,
  GeocodeSearchResponse,
  LocationResult,
  MapLocationsResponse,
  PublicSettingsDto,
} from './geo.schemas';

/** The answers of the public geography routes and the public settings (issue 21), checked against geo.schemas.ts. */

export const locationResultSchema = z
  .object({
    name: z.string(),
    lat: z.number(),
    lng: z.number(),
    address: z.string(),
    country: z.string(),
    region: z.string().nullable(),
  })
  .meta({ id: 'LocationResult' });

export const geocodeSearchResponseSchema = z.object({ results: z.array(locationResultSchema) });
export const geocodeReverseResponseSchema = z.object({ result: locationResultSchema.nullable() });

export const mapLocationsResponseSchema = z.object({
  success: z.boolean(),
  data: z.array(
    z.object({
      name: z.string(),
      country: z.string(),
      region: z.string().nullable(),
      latitude: z.number(),
      longitude: z.number(),
      expert_count: z.number().int(),
      recent_tasks: z.number().int(),
    }),
  ),
  totals: z.object({ experts: z.number().int(), tasks_completed: z.number().int() }).optional(),
});

/** GET /api/static-data/:file: a TopoJSON topology (world countries or US states). */
export const topologySchema = z.looseObject({
  type: z.literal('Topology'),
  objects: z.record(z.string(), z.unknown()),
});

export const publicSettingsDtoSchema = z
  .object({
    footer_text: z.string(),
    contact_email: z.string().nullable(),
    tos_content: z.string(),
    privacy_policy_content: z.string(),
    maintenance_mode: z.boolean(),
    platform_fee_percent: z.number(),
    review_window_hours: z.number().int(),
    min_task_price: z.number().int(),
    max_task_price: z.number().int(),
    cancellation_policy: z.object({
      cancel_free_hours_before_start: z.number().int(),
      cancel_free_minutes_after_hire: z.number().int(),
      callout_fee_percent: z.number().int(),
      callout_fee_min_cents: z.number().int(),
    }),
  })
  .meta({ id: 'PublicSettings' });

same<z.output<typeof locationResultSchema>, LocationResult>(true);
same<z.output<typeof geocodeSearchResponseSchema>, GeocodeSearchResponse>(true);
same<z.output<typeof geocodeReverseResponseSchema>, GeocodeReverseResponse>(true);
same<z.output<typeof mapLocationsResponseSchema>, MapLocationsResponse>(true);
same<z.output<typeof publicSettingsDtoSchema>, PublicSettingsDto>(true);
