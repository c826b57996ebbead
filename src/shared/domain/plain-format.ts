/**
 * en-US number and date texts without Intl. A page's first Intl call (Intl.NumberFormat,
 * toLocaleString, toLocaleDateString) loads the browser's locale data: 45-140 ms of main thread on
 * these machines before Lighthouse's 4x CPU slowdown (decision 0391). The product's copy is en-US
 * throughout, so its pages write these few shapes themselves; tests hold each one to Intl's output.
 */

const MONTHS_SHORT = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** A whole number with thousands separators: 1234567 -> "1,234,567" (as toLocaleString('en-US')). */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-US');
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 ? `-${digits}` : digits;
}

/** "Nov 26" of an ISO day ("2026-11-26"), as toLocaleDateString('en-US', { month: 'short', day: 'numeric' }). */
export function formatIsoDayShort(isoDay: string): string {
  const [, month, day] = isoDay.split('-').map(Number);
  return `${MONTHS_SHORT[month! - 1]} ${day}`;
}

/** "Nov 2026" of an ISO day, as toLocaleDateString('en-US', { month: 'short', year: 'numeric' }). */
export function formatIsoDayMonth(isoDay: string): string {
  const [year, month] = isoDay.split('-').map(Number);
  return `${MONTHS_SHORT[month! - 1]} ${year}`;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');
const hour12 = (hours: number) => (hours % 12 === 0 ? 12 : hours % 12);
const meridiem = (hours: number) => (hours < 12 ? 'AM' : 'PM');

/** "Nov 26, 2026, 9:05 AM" in the browser's time zone (en-US dateStyle medium, timeStyle short). */
export function formatDateTimeMedium(date: Date): string {
  const time = `${hour12(date.getHours())}:${twoDigits(date.getMinutes())}\u202f${meridiem(date.getHours())}`;
  return `${MONTHS_SHORT[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}, ${time}`;
}

/** "11/26/2026, 9:05:07 AM" in the browser's time zone (en-US toLocaleString()). */
export function formatDateTimeNumeric(date: Date): string {
  const time = `${hour12(date.getHours())}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())}\u202f${meridiem(date.getHours())}`;
  return `${date.getMonth() + 1}/${date.getDate()}/${date.getFullYear()}, ${time}`;
}
