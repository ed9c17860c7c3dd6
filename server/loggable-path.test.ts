import { describe, expect, test } from "vitest";
import { loggablePath } from "./loggable-path.ts";

describe("an artwork upload's address", () => {
  const id = "0123456789abcdef0123456789abcdef";

  test("is logged without the upload's id, the key to writing it, however its slashes or letters are spelled", () => {
    expect(loggablePath(`/quote/uploads/${id}`)).toEqual({ path: "/quote/uploads/…", query: false });
    expect(loggablePath(`/quote//uploads//${id}`).path).toBe("/quote//uploads//…");
    expect(loggablePath(`/quote/upl%6fads/${id}?x=1`)).toEqual({ path: "/quote/uploads/…", query: true });
    for (const address of [`/quote/uploads/${id}`, `/quote//uploads//${id}`, `/quote/upl%6fads/${id}`]) {
      expect(JSON.stringify(loggablePath(address))).not.toContain(id);
    }
  });

  test("keeps the address where uploads are created as it is", () => {
    expect(loggablePath("/quote/uploads")).toEqual({ path: "/quote/uploads", query: false });
  });
});

describe("a set-password link", () => {
  test("is logged without its token, and without its query", () => {
    expect(loggablePath("/inbox/set-password/abcDEF123?from=mail")).toEqual({
      path: "/inbox/set-password/…",
      query: true,
    });
    expect(loggablePath("/inbox/set-p%61ssword/abcDEF123").path).toBe("/inbox/set-password/…");
  });

  test("leaves other addresses as they were sent", () => {
    expect(loggablePath("/services/cake?utm=x")).toEqual({ path: "/services/cake", query: true });
  });
});
