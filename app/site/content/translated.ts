/**
 * A seed of the company's content with its Hindi beside each text, as the
 * store keeps it (`title_hi` beside `title`, in the entries of its lists
 * too): the content's own types name the English alone. Which fields must be
 * translated is the shape's to say (`untranslated`), and a test holds the
 * seeds to it.
 */
export type Translated<T> = T extends readonly (infer Entry)[]
  ? readonly Translated<Entry>[]
  : T extends object
    ? { [K in keyof T]: Translated<T[K]> } & {
        [K in keyof T & string as T[K] extends string | readonly string[] ? `${K}_hi` : never]?: T[K];
      }
    : T;
