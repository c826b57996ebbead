import { sql, type SQL } from 'drizzle-orm';
import { timeZoneAt } from '../../lib/task-time-zone';

/**
 * A task-list item written by PostgreSQL as JSON text, the fields of toTaskDto (tasks.dto.ts) and the
 * list's own two: the server no longer maps 36 columns a row through drizzle into Dates and back
 * into strings and serialises them again. For a page of 50 that was about 1 ms of a list request's
 * 1.7 ms of CPU, most of the load test's (docs/performance.md). `task-list-json.test.ts` checks that
 * an item parses to what toTaskDto gave, for every kind of field.
 */

/** ISO 8601 in UTC with milliseconds, as Date#toISOString writes it (both truncate the microseconds). */
const iso = (column: string) => sql.raw(`to_char("tasks"."${column}" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const column = (name: string) => sql.raw(`"tasks"."${name}"`);

/**
 * `json_build_object(...)::text` of one row of "tasks", in toTaskDto's key order, then the
 * application count and the caller's application status. `time_zone` is the stored column: a row
 * older than its backfill has none (ListItemText.zoneMissing), and itemText fills it in.
 */
export function taskListItemSql(myApplicationStatus: SQL): SQL {
  const fields: Array<[string, SQL]> = [
    ['id', column('id')],
    ['title', column('title')],
    ['description', column('description')],
    ['requirements', column('requirements')],
    ['category', column('category')],
    ['urgency', column('urgency')],
    ['budget', column('budget')],
    ['due_date', iso('due_date')],
    ['location', column('location')],
    ['latitude', column('latitude')],
    ['longitude', column('longitude')],
    ['time_zone', column('time_zone')],
    ['status', column('status')],
    ['payment_status', column('payment_status')],
    ['client_id', column('client_id')],
    ['expert_id', column('expert_id')],
    ['stripe_payment_intent_id', column('stripe_payment_intent_id')],
    ['authorization_hold_expires_at', iso('authorization_hold_expires_at')],
    ['client_capture_authorized_at', iso('client_capture_authorized_at')],
    ['completion_notes', column('completion_notes')],
    ['evidence_file_count', sql.raw(`cardinality("tasks"."evidence_files")`)],
    ['checklist', column('checklist')],
    ['submitted_at', iso('submitted_at')],
    ['started_at', iso('started_at')],
    ['assigned_at', iso('assigned_at')],
    ['published_at', iso('published_at')],
    ['completed_at', iso('completed_at')],
    ['cancelled_at', iso('cancelled_at')],
    ['created_at', iso('created_at')],
    ['updated_at', iso('updated_at')],
    ['application_count', sql.raw(`(select count(*)::int from task_applications a where a.task_id = "tasks"."id")`)],
    ['my_application_status', myApplicationStatus],
  ];
  // json, not jsonb: it keeps the keys in this order and writes each value once.
  return sql`json_build_object(${sql.join(
    fields.map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  )})::text`;
}

/** One item of a page as PostgreSQL wrote it, with what the server still adds. */
export interface ListItemText {
  json: string;
  latitude: number;
  longitude: number;
  /** The row predates the time_zone column's backfill: its zone comes from its coordinates. */
  zoneMissing: boolean;
}

/**
 * The item's final text: its zone filled in when the row has none (rare: rows older than the
 * backfill), then `distance_miles` added last, as the list's answer has it.
 */
export function itemText(item: ListItemText, distanceMiles: number | null): string {
  let json = item.json;
  if (item.zoneMissing) {
    const fields = JSON.parse(json) as Record<string, unknown>;
    fields.time_zone = timeZoneAt(item.latitude, item.longitude);
    json = JSON.stringify(fields);
  }
  // `json` is one JSON object: its closing brace is its last character.
  return `${json.slice(0, -1)},"distance_miles":${JSON.stringify(distanceMiles)}}`;
}
