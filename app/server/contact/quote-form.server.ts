import { quoteFormText } from "../../site/content/quote-form.ts";
import { services } from "../../site/content/services.ts";
import { paths } from "../../site/content/urls.ts";
import { contactBodyLimitBytes } from "../../site/lib/contact-schema.ts";
import { artworkFields, type QuoteParticulars, quoteFields, validateQuote } from "../../site/lib/quote-schema.ts";
import type { InquiryForm } from "./submission.server.ts";

const fieldNames = [
  ...new Set(["service", artworkFields.ids, ...services.flatMap((service) => quoteFields(service).map((f) => f.name))]),
];

/**
 * The largest quote request the server reads: the one limit every form body
 * has (server/http-app.ts applies it before any route); every field of the
 * quote at its limit, percent-encoded at worst, is well below it.
 */
const quoteBodyLimitBytes = contactBodyLimitBytes;

/** The quote request, as one of the site's inquiry forms: the specification rides with the inquiry. */
export const quoteForm: InquiryForm = {
  page: paths.quote,
  fields: fieldNames,
  limitBytes: quoteBodyLimitBytes,
  attachments: true,
  // Every field of the longest product's form, ticked boxes too, and the form's own.
  maxFields: fieldNames.length + 4,
  validate(values) {
    const result = validateQuote(values.service ?? "", values);
    if (!result.success) return result;
    const { service, name, email, phone, notes, ...quote } = result.output;
    return {
      success: true,
      details: { name, email, phone, subject: quoteFormText.subject(service.title), message: notes, quote },
    };
  },
};

const dayFormat = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "UTC" });
const numberFormat = new Intl.NumberFormat("en-IN");

/**
 * A quote request's particulars as label and answer, in the form's order:
 * for the inquiry's page in the inbox and for the company's mail.
 */
export function quoteRows(quote: QuoteParticulars): [string, string][] {
  const rows: [string, string][] = [
    ...quote.specification,
    ["Quantities", quote.quantities.map((quantity) => numberFormat.format(quantity)).join(" / ")],
    [quoteFormText.neededBy, dayFormat.format(new Date(`${quote.neededBy}T00:00:00Z`))],
    [quoteFormText.pinCode, quote.pinCode],
  ];
  if (quote.company) rows.push(["Company", quote.company]);
  if (quote.gstin) rows.push(["GSTIN", quote.gstin]);
  return rows;
}
