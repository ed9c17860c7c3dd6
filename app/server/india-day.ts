/**
 * The day in India, as YYYY-MM-DD: a quote request's needed-by date is
 * compared with it, and a quotation is dated and numbered by it.
 */
export function todayInIndia(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(now);
}
