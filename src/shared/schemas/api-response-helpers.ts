import { z } from 'zod';

/**
 * Small pieces the response schemas of the account, profile, notification and upload routes share
 * (issue 21): the OpenAPI document describes the answers with them and the API suite checks each answer.
 */

/** An ISO 8601 timestamp as the API sends it (`Date#toISOString`). */
export const isoDateSchema = z.string().meta({ format: 'date-time' });

/** `{ success: true }`: an action with nothing else to say. */
export const successSchema = z.object({ success: z.literal(true) });

/** `{ success: true, message }`: an action with the spec's confirmation text. */
export const successMessageSchema = z.object({ success: z.literal(true), message: z.string() });

/** Compile-time: `same<A, B>(true)` fails the build unless A and B are the same type. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const same = <A, B>(check: Same<A, B>) => check;
