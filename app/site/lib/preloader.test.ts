import { describe, expect, it } from "vitest";
import { parsePreloaderMs } from "./preloader.ts";

describe("parsePreloaderMs", () => {
  it("uses the specification's 5000 ms when nothing is set", () => {
    expect(parsePreloaderMs(undefined)).toBe(5000);
    expect(parsePreloaderMs("")).toBe(5000);
  });

  it("accepts a shorter duration, and 0 to turn the preloader off", () => {
    expect(parsePreloaderMs("1500")).toBe(1500);
    expect(parsePreloaderMs("0")).toBe(0);
  });

  it.each(["-1", "1.5", "soon", "600000"])("refuses %s with a message that names the setting", (raw) => {
    expect(() => parsePreloaderMs(raw)).toThrow(/PRELOADER_MS/);
  });
});
