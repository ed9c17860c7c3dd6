import { describe, expect, test } from "vitest";
import { emptyFilter, receivedBounds } from "../../server/inbox/inbox-filter.ts";
import { inboxFilterValues, inboxListUrl, readInboxFilter } from "./inbox-filter.ts";

const read = (query: string) => readInboxFilter(new URLSearchParams(query));

describe("the inbox's filter, as its address says it", () => {
  test("reads status, kind, search, dates, order and page, and goes back to the same address", () => {
    const { filter, page } = read(
      "status=quoted&kind=quote&q=+Asha+&from=2026-03-01&to=2026-03-31&sort=waiting&page=3",
    );
    expect(filter).toEqual({
      status: "quoted",
      kind: "quote",
      search: "Asha",
      from: "2026-03-01",
      to: "2026-03-31",
      sort: "waiting",
    });
    expect(page).toBe(3);
    expect(inboxListUrl(filter, page)).toBe(
      "/inbox?status=quoted&kind=quote&q=Asha&from=2026-03-01&to=2026-03-31&sort=waiting&page=3",
    );
    expect(inboxFilterValues(filter)).toEqual([
      { name: "status", value: "quoted" },
      { name: "kind", value: "quote" },
      { name: "q", value: "Asha" },
      { name: "from", value: "2026-03-01" },
      { name: "to", value: "2026-03-31" },
      { name: "sort", value: "waiting" },
    ]);
    expect(inboxListUrl(emptyFilter)).toBe("/inbox");
  });

  test("newest first is the order an address without one gets, and is left out of the addresses made", () => {
    const { filter } = read("sort=newest&status=new");
    expect(filter.sort).toBe("newest");
    expect(inboxListUrl(filter)).toBe("/inbox?status=new");
    expect(inboxFilterValues(filter)).toEqual([{ name: "status", value: "new" }]);
  });

  test("ignores what makes no sense rather than failing", () => {
    expect(read("status=deleted&kind=letter&from=2026-02-30&to=yesterday&sort=oldest&page=-1")).toEqual({
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
