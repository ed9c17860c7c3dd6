import type { Language } from "../content/languages.ts";
import { contactBodyLimitBytes, type InquiryFormProblemWords } from "./contact-spec.ts";
import {
  artworkFields,
  type QuoteFormContent,
  type QuoteParticulars,
  type QuoteRowWords,
  type QuoteValidation,
  quoteFields,
  validateQuote,
} from "./quote-spec.ts";
import type { InquiryForm } from "./submission.server.ts";

/**
 * The largest quote request the server reads: the one limit every form body
 * has (server/http-app.ts applies it before any route); every field of the
 * quote at its limit, percent-encoded at worst, is well below it.
 */
const quoteBodyLimitBytes = contactBodyLimitBytes;

/**
 * The quote request, as one of the site's inquiry forms, on its page and with
 * the site's questions and words: the specification rides with the inquiry,
 * kept in English (`kept`) whatever the page's language, as staff read it.
 */
export function createQuoteForm(options: {
  page: string;
  language: Language;
  sitePages: readonly string[];
  problems: InquiryFormProblemWords;
  /** The questions and words as they stand now, in the page's language: the catalog's products follow what the owner published. */
  content: () => QuoteFormContent;
  /** The same in the words a request is kept in, when the page's are another language's. */
  kept?: () => QuoteFormContent;
}): InquiryForm {
  const { content, kept = content, ...form } = options;
  const fieldNames = () => {
    const now = content();
    return [
      ...new Set([
        "service",
        artworkFields.ids,
        ...Object.values(now.specs).flatMap((spec) => quoteFields(spec, now).map((field) => field.name)),
      ]),
    ];
  };
  return {
    ...form,
    get fields() {
      return fieldNames();
    },
    limitBytes: quoteBodyLimitBytes,
    attachments: true,
    // Every field of the longest product's form, ticked boxes too, and the form's own.
    get maxFields() {
      return fieldNames().length + 4;
    },
    validate(values) {
      const service = values.service ?? "";
      const checked = validateQuote(service, values, content());
      if (!checked.success || kept === content) return keptAs(checked, content());
      // The same rules again in the words it is kept in: the particulars and subject staff read.
      const keptIn = kept();
      return keptAs(validateQuote(service, values, keptIn), keptIn);
    },
  };
}

/** A checked request as the inquiry keeps it: the person, a subject naming the product, the particulars. */
function keptAs(result: QuoteValidation, { words }: QuoteFormContent): ReturnType<InquiryForm["validate"]> {
  if (!result.success) return result;
  const { service, name, email, phone, notes, ...quote } = result.output;
  return {
    success: true,
    details: { name, email, phone, subject: words.subject(service.title), message: notes, quote },
  };
}

const dayFormat = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "UTC" });
const numberFormat = new Intl.NumberFormat("en-IN");

/**
 * A quote request's particulars as label and answer, in the form's order:
 * for the inquiry's page in the inbox and for the company's mail.
 */
export function quoteRows(quote: QuoteParticulars, words: QuoteRowWords): [string, string][] {
  const rows: [string, string][] = [
    ...quote.specification,
    [words.rows.quantities, quote.quantities.map((quantity) => numberFormat.format(quantity)).join(" / ")],
    [words.neededBy, dayFormat.format(new Date(`${quote.neededBy}T00:00:00Z`))],
    [words.pinCode, quote.pinCode],
  ];
  if (quote.company) rows.push([words.rows.company, quote.company]);
  if (quote.gstin) rows.push([words.rows.gstin, quote.gstin]);
  return rows;
}
