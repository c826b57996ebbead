/** "Ada Lovelace" -> "AL", "cher" -> "C", "" -> "?" (an avatar without a picture, in the app and in a page's static shell). */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0][0];
  const last = words.length > 1 ? words[words.length - 1][0] : '';
  return `${first}${last}`.toUpperCase();
}
