import { describe, expect, test } from "vitest";
import { emptyFilter, inboxFilterValues, inboxListUrl, readInboxFilter, receivedBounds } from "./inbox-filter.ts";

const read = (query: string) => readInboxFilter(new URLSearchParams(query));

describe("the inbox's filter, as its address says it", () => {
  test("reads status, kind, search, dates and page, and goes back to the same address", () => {
    const { filter, page } = read("status=quoted&kind=quote&q=+Asha+&from=2026-03-01&to=2026-03-31&page=3");
    expect(filter).toEqual({ status: "quoted", kind: "quote", search: "Asha", from: "2026-03-01", to: "2026-03-31" });
    expect(page).toBe(3);
    expect(inboxListUrl(filter, page)).toBe(
      "/inbox?status=quoted&kind=quote&q=Asha&from=2026-03-01&to=2026-03-31&page=3",
    );
    expect(inboxFilterValues(filter)).toEqual([
      { name: "status", value: "quoted" },
      { name: "kind", value: "quote" },
      { name: "q", value: "Asha" },
      { name: "from", value: "2026-03-01" },
      { name: "to", value: "2026-03-31" },
    ]);
    expect(inboxListUrl(emptyFilter)).toBe("/inbox");
  });

  test("ignores what makes no sense rather than failing", () => {
    expect(read("status=deleted&kind=letter&from=2026-02-30&to=yesterday&page=-1")).toEqual({
      filter: emptyFilter,
      page: 1,
    });
    expect(read(`q=${"x".repeat(500)}`).filter.search).toHaveLength(200);
  });

  test("dates are whole India days", () => {
    const { filter } = read("from=2026-03-01&to=2026-03-01");
    expect(receivedBounds(filter)).toEqual({ from: "2026-02-28T18:30:00.000Z", before: "2026-03-01T18:30:00.000Z" });
    expect(receivedBounds(emptyFilter)).toEqual({ from: null, before: null });
  });
});
