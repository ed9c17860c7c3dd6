import { describe, expect, test } from "vitest";
import { readServerConfig, settingsWarnings } from "./config.ts";

describe("TRUST_PROXY names exactly the proxies to believe", () => {
  test.each([
    [undefined, false],
    ["", false],
    ["0", false],
    ["false", false],
    ["1", 1],
    ["2", 2],
    ["loopback", ["loopback"]],
    ["loopback, 10.0.0.0/8", ["loopback", "10.0.0.0/8"]],
    ["192.0.2.10,2001:db8::/32,uniquelocal", ["192.0.2.10", "2001:db8::/32", "uniquelocal"]],
  ])("%j reads as %j", (value, expected) => {
    expect(readServerConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  test('"true" is refused: trusting every hop lets a visitor choose their own address', () => {
    expect(() => readServerConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: must name the proxies to trust/);
  });

  test.each(["yes", "10.0.0.0/33", "::1/129", "10.0.0.300", "loopback,", "10.0.0.0/8/8", "-1"])(
    "%j is refused with a message naming the setting",
    (value) => {
      expect(() => readServerConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be a number of proxies/);
    },
  );
});

describe("settings that look like a misconfigured proxy are named at start-up", () => {
  test("HSTS without TRUST_PROXY: a warning that says what to set", () => {
    const [warning, ...rest] = settingsWarnings(readServerConfig({ HSTS: "1" }));
    expect(rest).toEqual([]);
    expect(warning).toMatch(/TRUST_PROXY/);
    expect(warning).toMatch(/X-Forwarded-Proto/);
  });

  test("HSTS behind a named proxy, or neither: no warning", () => {
    expect(settingsWarnings(readServerConfig({ HSTS: "1", TRUST_PROXY: "1" }))).toEqual([]);
    expect(settingsWarnings(readServerConfig({}))).toEqual([]);
  });
});
