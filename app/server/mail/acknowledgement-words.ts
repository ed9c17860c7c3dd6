/**
 * The words of the acknowledgement a visitor gets, in the language of the page
 * they wrote from (the site's catalogue of each language fills them in).
 * References, numbers, sizes and times come in already written, as every
 * language writes them (en-IN, Latin digits).
 */
export type AcknowledgementWords = {
  subject(reference: string): string;
  quoteSubject(reference: string): string;
  readonly greeting: string;
  received(company: string, reference: string): string;
  /** What a quote request asked for: the product (undefined when no longer in the catalog) and its quantities. */
  quoteAsked(product: string | undefined, count: number, quantities: string): string;
  /** The artwork files received, by kind and size. */
  filesReceived(count: number, files: string): string;
  readonly estimatorReplies: string;
  replyWithin(hours: string, phone: string): string;
  /** Why the mail came, for a person who did not write: the site and the time, India's. */
  notYou(origin: string, when: string): string;
};
