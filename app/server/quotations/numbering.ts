import { todayInIndia } from "../india-day.ts";

/**
 * India's financial year runs from 1 April to 31 March and is written
 * "2026-27". Quotations are numbered afresh each financial year, as invoices
 * must be, so a number shows at a glance which year's books it belongs to.
 */

/**
 * The financial year, such as "2026-27", that a moment falls in by the date in
 * India, whatever the server's own time zone: a quotation made at 1 a.m. on
 * 1 April in Mumbai belongs to the new year though it is still 31 March in UTC.
 */
export function financialYear(at: Date): string {
  if (Number.isNaN(at.getTime())) throw new RangeError("A financial year needs a valid date");
  const [year = 0, month = 0] = todayInIndia(at).split("-").map(Number);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

const yearPattern = /^(\d{4})-(\d{2})$/;

function isFinancialYear(year: string): boolean {
  const match = yearPattern.exec(year);
  return match !== null && (Number(match[1]) + 1) % 100 === Number(match[2]);
}

/**
 * "QT/2026-27/0001", with "-R1", "-R2"… for each revision sent after the
 * first. Serials are padded to four digits so numbers sort in a listing; a
 * year with more than 9999 quotations keeps every digit rather than wrap.
 */
export function quotationNumber(year: string, serial: number, revision = 0): string {
  if (!isFinancialYear(year)) throw new RangeError(`"${year}" is not a financial year such as 2026-27`);
  if (!Number.isSafeInteger(serial) || serial < 1) throw new RangeError(`A serial must be 1 or more, not ${serial}`);
  if (!Number.isSafeInteger(revision) || revision < 0) {
    throw new RangeError(`A revision must be 0 or more, not ${revision}`);
  }
  const number = `QT/${year}/${String(serial).padStart(4, "0")}`;
  return revision === 0 ? number : `${number}-R${revision}`;
}

/** "PI/2026-27/0001": proforma invoices have their own series, numbered afresh each financial year as quotations are. */
export function proformaNumber(year: string, serial: number): string {
  return quotationNumber(year, serial).replace(/^QT\//, "PI/");
}

const monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** 2026-05-04 → "4 May 2026", on the PDF, the pages and the mails alike: a numeric date reads differently in India and abroad. */
export function formatDay(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  const month = monthNames[Number(match?.[2]) - 1];
  if (!match || month === undefined) return isoDay;
  return `${Number(match[3])} ${month} ${match[1]}`;
}
