import type { CancellationPolicySettings } from '../domain/cancellation-policy';
import { z } from 'zod';
import { LOCATION_SEARCH } from '../constants';
import type { LocationResult } from '../domain/cities';
import { messages } from '../messages';

export type { LocationResult } from '../domain/cities';

/** One place on the availability map (spec: Map location). */
export interface MapLocationDto {
  name: string;
  country: string;
  region: string | null;
  latitude: number;
  longitude: number;
  expert_count: number;
  recent_tasks: number;
}

/** Network-wide figures for the map's badges; not narrowed by `search`. */
export interface MapTotalsDto {
  experts: number;
  tasks_completed: number;
}

/** GET /api/map-locations: the spec's `{ success, data }`, plus the badges' totals. */
export interface MapLocationsResponse {
  success: boolean;
  data: MapLocationDto[];
  totals?: MapTotalsDto;
}

export interface GeocodeSearchResponse {
  results: LocationResult[];
}

export interface GeocodeReverseResponse {
  result: LocationResult | null;
}

/** GET /api/public-settings: the footer and legal texts, defaults filled in. */
export interface PublicSettingsDto {
  footer_text: string;
  contact_email: string | null;
  tos_content: string;
  privacy_policy_content: string;
  /** Signed-in non-admins and visitors see the maintenance page while it is on. */
  maintenance_mode: boolean;
  /** The platform fee in force for new payment holds (percent, two decimals at most). */
  platform_fee_percent: number;
  /** The client's review window after evidence arrives (hours), which the texts state (decision 0451). */
  review_window_hours: number;
  /** The task price limits (cents), which the texts state (decision 0451). */
  min_task_price: number;
  max_task_price: number;
  /** The cancellation policy's numbers in force (issue 50, decision 0460): its public page states them. */
  cancellation_policy: CancellationPolicySettings;
}

export const mapLocationsQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(100, messages.location.queryTooLong)
    .optional()
    .transform((value) => value || undefined),
});

export const geocodeSearchQuerySchema = z.object({
  q: z
    .string({ error: messages.location.searchTooShort })
    .trim()
    .min(LOCATION_SEARCH.minQueryLength, messages.location.searchTooShort)
    .max(100, messages.location.queryTooLong),
  limit: z.coerce
    .number({ error: messages.location.limitInvalid })
    .int(messages.location.limitInvalid)
    .min(1, messages.location.limitInvalid)
    .max(50, messages.location.limitInvalid)
    .default(LOCATION_SEARCH.resultLimit),
});

/** A query-string number: rejects "", "abc" and "1e999" instead of coercing them to 0 or Infinity. */
const coordinate = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^[-+]?(\d+(\.\d*)?|\.\d+)$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));

export const geocodeReverseQuerySchema = z.object({
  lat: coordinate(-90, 90, messages.location.latitudeInvalid),
  lng: coordinate(-180, 180, messages.location.longitudeInvalid),
});
