import { describe, expect, test } from "vitest";
import { settingsFromArguments } from "./command-line.ts";

describe("settingsFromArguments", () => {
  test("--port and --host stand for PORT and HOST, in either spelling; --dev is npm run dev's own", () => {
    expect(settingsFromArguments(["--dev", "--port", "4000", "--host=0.0.0.0"])).toEqual({
      env: { PORT: "4000", HOST: "0.0.0.0" },
    });
    expect(settingsFromArguments([])).toEqual({ env: {} });
  });

  test.each([
    [["--port", "forty"], '--port "forty": must be a whole number'],
    [["--port=70000"], '--port "70000": must be from 0 to 65535'],
    [["--port="], '--port "": is empty'],
    [["--host="], '--host "": is empty'],
  ])("%j is refused as the setting would be, naming the option", (args, message) => {
    const result = settingsFromArguments(args);
    expect(result).toEqual({ problem: expect.stringContaining(message) });
  });

  test.each([
    [["--prot", "4000"], "'--prot'"],
    [["4000"], "'4000'"],
    [["--port"], "'--port <value>'"],
  ])("%j is refused, naming it and what the server takes", (args, named) => {
    const result = settingsFromArguments(args);
    expect(result).toEqual({ problem: expect.stringContaining(named) });
    expect(result).toEqual({ problem: expect.stringContaining("The server takes --port N and --host ADDRESS") });
  });
});
