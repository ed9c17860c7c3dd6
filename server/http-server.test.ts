import { describe, expect, test } from "vitest";
import { readSettings, serverSettings } from "../app/server/settings/settings.server.ts";
import { requestLimits } from "./http-server.ts";

describe("the time allowed to send a request", () => {
  test("is 30 s unless set, with the headers due in half of it, checked every second", () => {
    const { requestTimeoutMs } = serverSettings(readSettings({}));
    expect(requestLimits(requestTimeoutMs)).toEqual({
      requestTimeout: 0,
      headersTimeout: 15_000,
      connectionsCheckingInterval: 1_000,
    });
  });

  test("is checked more often when it is short, so a late request is still cut promptly", () => {
    expect(requestLimits(1_000)).toEqual({
      requestTimeout: 0,
      headersTimeout: 500,
      connectionsCheckingInterval: 250,
    });
    expect(requestLimits(2_500).headersTimeout).toBe(1_250);
  });

  test.each(["0", "0.5", "-5", "30s", "3601"])("refuses REQUEST_TIMEOUT_SECONDS=%j, naming it", (value) => {
    expect(() => readSettings({ REQUEST_TIMEOUT_SECONDS: value })).toThrow(/REQUEST_TIMEOUT_SECONDS: must be/);
  });
});
