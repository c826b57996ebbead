import { format } from 'date-fns';

/** Dates of the task page: "Jan 5, 2026" and "Jan 5, 2026, 3:04 PM"; null or bad values show nothing. */
export function formatDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : format(date, 'MMM d, yyyy');
}

export function formatDateTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : format(date, 'MMM d, yyyy, h:mm a');
}

export function formatMonthYear(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : format(date, 'MMMM yyyy');
}

/** The OpenStreetMap page with a marker at the task's coordinates. */
export function mapLink(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=14/${latitude}/${longitude}`;
}
