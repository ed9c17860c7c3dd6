import { parseArgs } from "node:util";

/**
 * What `node server.ts` takes after its name: --dev (npm run dev), and --port
 * and --host, which people used to Vite type (`npm run dev -- --port 4000`).
 * They stand for PORT and HOST and go through the same checks. Anything else
 * is refused with a message, never ignored.
 */
export function settingsFromArguments(args: readonly string[]): { env: Record<string, string> } | { problem: string } {
  try {
    const { values } = parseArgs({
      args: [...args],
      options: { dev: { type: "boolean" }, port: { type: "string" }, host: { type: "string" } },
      strict: true,
      allowPositionals: false,
    });
    const env: Record<string, string> = {};
    if (values.port !== undefined) env.PORT = values.port;
    if (values.host !== undefined) env.HOST = values.host;
    return { env };
  } catch (error) {
    return {
      problem:
        `${(error as Error).message.replace(/\.$/, "")}. ` +
        "The server takes --port N and --host ADDRESS (the same as the PORT and HOST settings), and --dev.",
    };
  }
}
