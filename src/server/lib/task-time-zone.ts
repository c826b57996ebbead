import tzLookup from '@photostructure/tz-lookup';

/**
 * The IANA time zone at a point, from an offline map (issue 49, docs/decisions/0420). The ocean
 * answers an "Etc/GMT±n" zone; a point outside the map answers UTC rather than failing a task write.
 */
export function timeZoneAt(latitude: number, longitude: number): string {
  try {
    return tzLookup(latitude, longitude);
  } catch {
    return 'UTC';
  }
}

/** The task's stored zone, or the one its coordinates name when the row predates the column's backfill. */
export function zoneOfTask(task: { time_zone?: string | null; latitude: number; longitude: number }): string {
  return task.time_zone ?? timeZoneAt(task.latitude, task.longitude);
}
