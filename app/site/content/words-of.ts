/**
 * An area's words in another language: the same keys, every text a string,
 * every wording function the same function. The Hindi catalogue is typed by
 * it, so a message missing there fails the type check (and its test).
 */
export type WordsOf<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => WordsOf<R>
    : T extends readonly (infer U)[]
      ? readonly WordsOf<U>[]
      : T extends object
        ? { readonly [K in keyof T]: WordsOf<T[K]> }
        : T;
