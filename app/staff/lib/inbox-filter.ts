import { type InboxFilter, isInboxSort, isInquiryKind } from "../../server/inbox/inbox-filter.ts";
import { isInquiryStatus } from "../../server/inbox/statuses.ts";
import { staffPaths } from "../paths.ts";

/*
 * The inbox filter as the list's address carries it. The filter itself, and
 * what it means to the database, is the domain's (app/server/inbox/inbox-filter.ts).
 */

/** The longest search the list takes. */
const SEARCH_MAX_LENGTH = 200;

/**
 * The filter the list's address says: ?status=, ?kind=, ?q= (search), ?from= and
 * ?to= (India dates, both included), ?sort= and ?page=. A value that makes no sense
 * is ignored rather than refused: it is a staff member's address bar.
 */
export function readInboxFilter(query: URLSearchParams): { filter: InboxFilter; page: number } {
  const status = query.get("status");
  const kind = query.get("kind");
  const sort = query.get("sort");
  const page = Number(query.get("page") ?? "1");
  return {
    filter: {
      status: isInquiryStatus(status) ? status : undefined,
      kind: isInquiryKind(kind) ? kind : undefined,
      search: (query.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH),
      from: isDate(query.get("from")) ? (query.get("from") ?? "") : "",
      to: isDate(query.get("to")) ? (query.get("to") ?? "") : "",
      sort: isInboxSort(sort) ? sort : "newest",
    },
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The query part of an address that shows this filter (and page), "" when it is the plain list. */
export function inboxQuery(filter: InboxFilter, page = 1): string {
  const query = new URLSearchParams();
  if (filter.status) query.set("status", filter.status);
  if (filter.kind) query.set("kind", filter.kind);
  if (filter.search) query.set("q", filter.search);
  if (filter.from) query.set("from", filter.from);
  if (filter.to) query.set("to", filter.to);
  if (filter.sort !== "newest") query.set("sort", filter.sort);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `?${text}` : "";
}

export function inboxListUrl(filter: InboxFilter, page = 1): string {
  return `${staffPaths.inbox}${inboxQuery(filter, page)}`;
}

/** The names a filter travels under, in the list's address and in the export's form. */
export const inboxFilterFields = ["status", "kind", "q", "from", "to", "sort"] as const;

/** A filter as the hidden fields of a form that posts it (the export). */
export function inboxFilterValues(filter: InboxFilter): { name: string; value: string }[] {
  return [...new URLSearchParams(inboxQuery(filter))].map(([name, value]) => ({ name, value }));
}

function isDate(value: string | null): boolean {
  if (value === null || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
