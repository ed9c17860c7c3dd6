import type { GstRateEntry, GstRateProblemWords } from "../../server/quotations/gst-rates.ts";

/** The words of the GST rate table as staff read it: what is wrong with an entry, and what an entry says. */
export const gstRateProblemText: GstRateProblemWords = {
  hsn: "An HSN code is 4 to 8 digits, such as 4819 or 48192000.",
  rate: (known) => `Use a rate GST charges: ${known.join(", ")} %.`,
  date: "Give the first day the rate applies, as a date such as 2025-09-22.",
  repeated: "This HSN code already has a rate from that day. Change that entry instead.",
  malformed: "This entry could not be read: give its HSN code, its rate and the day it applies from.",
};

const longDay = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** A day of the table (YYYY-MM-DD) as staff read it: 22 September 2025. */
export const tableDay = (day: string) => longDay.format(new Date(`${day}T00:00:00Z`));

/** What the table gives an HSN, with its note (where the rate comes from, or that it awaits the accountant). */
export const tableRate = (entry: GstRateEntry) =>
  `The rate table gives ${entry.rate} % for HSN ${entry.hsn} from ${tableDay(entry.effectiveFrom)}.${entry.note ? ` ${entry.note}` : ""}`;
