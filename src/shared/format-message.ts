/** The `{name}` placeholders of a template, as a union of their names. */
export type Placeholders<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

export type MessageValues<T extends string> = [Placeholders<T>] extends [never]
  ? Record<string, never>
  : Record<Placeholders<T>, string | number>;

/**
 * Fills the `{name}` placeholders of a text from src/shared/messages.ts.
 * A placeholder without a value stays as written, so a missing value shows up instead of vanishing.
 */
export function format<T extends string>(template: T, values: MessageValues<T>): string {
  const lookup = values as Record<string, string | number | undefined>;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = lookup[name];
    return value === undefined ? whole : String(value);
  });
}
