import { parseArgs } from "node:util";
import { readSettings } from "../app/server/settings/settings.server.ts";

const TAKES = "The server takes --port N and --host ADDRESS (the same as the PORT and HOST settings), and --dev.";

/** Each option and the setting it stands for. */
const SETTING_OF = { port: "PORT", host: "HOST" } as const;

/**
 * What `node server.ts` takes after its name: --dev (npm run dev), and --port
 * and --host, which people used to Vite type (`npm run dev -- --port 4000`).
 * They stand for PORT and HOST and go through the same checks. Anything else,
 * or a value those checks refuse, is a mistake in what was typed, refused with
 * a message naming it, never ignored.
 */
export function settingsFromArguments(args: readonly string[]): { env: Record<string, string> } | { problem: string } {
  let values: Partial<Record<keyof typeof SETTING_OF, string>>;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: { dev: { type: "boolean" }, port: { type: "string" }, host: { type: "string" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { problem: `${(error as Error).message.replace(/\.$/, "")}. ${TAKES}` };
  }
  const env: Record<string, string> = {};
  const problems: string[] = [];
  for (const [option, name] of Object.entries(SETTING_OF)) {
    const value = values[option as keyof typeof SETTING_OF];
    if (value === undefined) continue;
    env[name] = value;
    try {
      readSettings({ [name]: value });
    } catch (error) {
      // The setting's own words ("  PORT: must be a whole number"), said of the option as it was typed.
      const reason = (error as Error).message.split(`${name}: `)[1] ?? (error as Error).message;
      problems.push(`--${option} ${JSON.stringify(value)}: ${reason} (the ${name} setting's check).`);
    }
  }
  return problems.length > 0 ? { problem: `${problems.join(" ")} ${TAKES}` } : { env };
}
