import { expect, test } from "vitest";
import { uploaderOf } from "./artwork.server.ts";

test("an IPv6 client's quotas are counted on its /48, an IPv4 client's on its own address", () => {
  expect(uploaderOf("2001:db8:1:2::5")).toEqual({ clientKey: "2001:db8:1:2::/64", networkKey: "2001:db8:1::/48" });
  expect(uploaderOf("2001:db8:1:ffff::9").networkKey).toBe(uploaderOf("2001:db8:1:2::5").networkKey);
  expect(uploaderOf("203.0.113.7")).toEqual({ clientKey: "203.0.113.7", networkKey: "203.0.113.7" });
  expect(uploaderOf("::ffff:203.0.113.7")).toEqual({ clientKey: "203.0.113.7", networkKey: "203.0.113.7" });
});
