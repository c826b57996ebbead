/** The first and last uuid starting with the hex digits of `prefix` (dashes ignored). */
export function uuidPrefixRange(prefix: string): [string, string] {
  const hex = prefix.replace(/-/g, '').toLowerCase().slice(0, 32);
  const asUuid = (digits: string) =>
    `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
  return [asUuid(hex.padEnd(32, '0')), asUuid(hex.padEnd(32, 'f'))];
}
