import type { InquiryStatus } from "./statuses.ts";

/** The kinds of inquiry: messages from the contact form, and quote requests. */
export const inquiryKinds = ["quote", "message"] as const;
export type InquiryKind = (typeof inquiryKinds)[number];

export function isInquiryKind(value: string | null): value is InquiryKind {
  return inquiryKinds.some((kind) => kind === value);
}

/**
 * The orders of the list: newest first, or longest waiting first (the
 * inquiries still owed a first reply, oldest first, then the answered ones,
 * newest first), so the one kept waiting longest is never on a later page.
 */
export const inboxSorts = ["newest", "waiting"] as const;
export type InboxSort = (typeof inboxSorts)[number];

export function isInboxSort(value: string | null): value is InboxSort {
  return inboxSorts.some((sort) => sort === value);
}

/** Which inquiries the inbox lists, and in what order. */
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
