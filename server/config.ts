import { isIP } from "node:net";
import * as v from "valibot";

const port = v.pipe(
  v.optional(v.string(), "3000"),
  v.transform(Number),
  v.integer("must be a whole number"),
  v.minValue(0, "must be from 0 to 65535"),
  v.maxValue(65535, "must be from 0 to 65535"),
);

const flag = v.pipe(
  v.optional(v.picklist(["0", "1", "true", "false"], 'must be "1" or "0"'), "0"),
  v.transform((value) => value === "1" || value === "true"),
);

/** The names Express knows for whole address ranges. */
const PROXY_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which hops in X-Forwarded-For to believe: none, the nearest N, or exactly
 * the proxies at the addresses named. Never "all": the leftmost entry is
 * whatever the visitor wrote, so trusting every hop lets anyone choose the
 * address they are counted under.
 */
const trustProxy = v.pipe(
  v.optional(v.string(), "0"),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const value = dataset.value.trim();
    if (value === "" || value === "0" || value === "false") return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    addIssue({
      message:
        value === "true"
          ? 'must name the proxies to trust; "true" would trust every hop, and visitors could choose their address. Use a number of proxies (such as 1) or their addresses (such as loopback or 10.0.0.0/8)'
          : "must be a number of proxies (such as 1), or proxy addresses and ranges separated by commas (such as loopback,10.0.0.0/8)",
    });
    return NEVER;
  }),
);

const ServerEnv = v.object({
  PORT: port,
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty("must not be empty")), "127.0.0.1"),
  /** Behind a reverse proxy: how many there are, or their addresses, so client addresses come from X-Forwarded-For. */
  TRUST_PROXY: trustProxy,
  /** Set to 1 where the site is served over HTTPS: browsers are then told to use nothing else. */
  HSTS: flag,
  /** Where the build to serve is, relative to the project. */
  BUILD_DIR: v.optional(v.pipe(v.string(), v.nonEmpty("must not be empty")), "build"),
  /** Set to 1 to turn request logging off (one line per request otherwise). */
  QUIET: flag,
  /**
   * The longest a client may take to send a whole request. The largest form
   * (64 kB) takes a phone on 2G about 20 s at worst; a client slower than 30 s
   * is holding a connection, not sending a form.
   */
  REQUEST_TIMEOUT_SECONDS: v.pipe(
    v.optional(v.string(), "30"),
    v.regex(/^\d+(\.\d+)?$/, "must be a number of seconds, such as 30"),
    v.transform(Number),
    v.minValue(1, "must be from 1 to 3600"),
    v.maxValue(3600, "must be from 1 to 3600"),
  ),
});

export type ServerConfig = v.InferOutput<typeof ServerEnv>;

/** Reads the server's settings once; a bad value stops the start with a message naming it. */
export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const result = v.safeParse(ServerEnv, env);
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? "environment"}: ${issue.message}`);
  throw new Error(`Invalid server settings:\n${problems.join("\n")}`);
}

/**
 * Settings that start fine but look like a deployment that will misbehave,
 * for the start-up log.
 */
export function settingsWarnings(config: ServerConfig): string[] {
  const warnings: string[] = [];
  if (config.HSTS && config.TRUST_PROXY === false) {
    warnings.push(
      "HSTS=1 is set but TRUST_PROXY is not: behind a proxy that ends TLS this server sees plain http, so it sends " +
        "no HSTS header and cannot tell the visitor's address. Set TRUST_PROXY to the number or addresses of the " +
        "proxies, and have the proxy send X-Forwarded-For and X-Forwarded-Proto (see README).",
    );
  }
  return warnings;
}
