const count = new Intl.NumberFormat("en-IN");

/**
 * A message with its {placeholders} filled in. The forms' words are plain
 * strings like this, not functions, so that a page in another language can
 * hand its own to an island as props. Numbers are written as en-IN writes them
 * (1,00,000), in every language.
 */
export function message(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) return placeholder;
    return typeof value === "number" ? count.format(value) : value;
  });
}

/** The placeholders a message has, in order: a translation must have the same ones. */
export const placeholdersOf = (template: string): string[] =>
  [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
