import { type InquiryStatus, isInquiryStatus } from "../content/inbox.ts";
import { staffPaths } from "../paths.ts";

/** The kinds of inquiry: messages from the contact form, and quote requests. */
export const inquiryKinds = ["quote", "message"] as const;
export type InquiryKind = (typeof inquiryKinds)[number];

function isInquiryKind(value: string | null): value is InquiryKind {
  return inquiryKinds.some((kind) => kind === value);
}

/**
 * The orders of the list: newest first, or longest waiting first (the
 * inquiries still owed a first reply, oldest first, then the answered ones,
 * newest first), so the one kept waiting longest is never on a later page.
 */
export const inboxSorts = ["newest", "waiting"] as const;
export type InboxSort = (typeof inboxSorts)[number];

function isInboxSort(value: string | null): value is InboxSort {
  return inboxSorts.some((sort) => sort === value);
}

/**
 * What the inbox list shows, as its address says it: ?status=, ?kind=, ?q= (search),
 * ?from= and ?to= (India dates, both included), ?sort= and ?page=. A value that makes
 * no sense is ignored rather than refused: it is a staff member's address bar.
 */
export type InboxFilter = {
  /** One status, or every one but spam when undefined. */
  status: InquiryStatus | undefined;
  /** One kind, or both when undefined. */
  kind: InquiryKind | undefined;
  search: string;
  /** YYYY-MM-DD, India time; empty when not set. */
  from: string;
  to: string;
  sort: InboxSort;
};

export const emptyFilter: InboxFilter = {
  status: undefined,
  kind: undefined,
  search: "",
  from: "",
  to: "",
  sort: "newest",
};

/** The longest search the list takes. */
const SEARCH_MAX_LENGTH = 200;

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

const INDIA_OFFSET = "+05:30";

/**
 * The filter's dates as the UTC instants the database compares with: from the
 * start of the first India day, to the start of the day after the last.
 */
export function receivedBounds(filter: InboxFilter): { from: string | null; before: string | null } {
  const start = (date: string) => new Date(`${date}T00:00:00${INDIA_OFFSET}`);
  const from = filter.from ? start(filter.from).toISOString() : null;
  let before: string | null = null;
  if (filter.to) {
    const end = start(filter.to);
    end.setUTCDate(end.getUTCDate() + 1);
    before = end.toISOString();
  }
  return { from, before };
}
