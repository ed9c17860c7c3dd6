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

const ServerEnv = v.object({
  PORT: port,
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty("must not be empty")), "127.0.0.1"),
  /** Set to 1 behind a reverse proxy, so client addresses come from X-Forwarded-For. */
  TRUST_PROXY: flag,
  /** Set to 1 where the site is served over HTTPS: browsers are then told to use nothing else. */
  HSTS: flag,
  /** Where the build to serve is, relative to the project. */
  BUILD_DIR: v.optional(v.pipe(v.string(), v.nonEmpty("must not be empty")), "build"),
  /** Set to 1 to turn request logging off (one line per request otherwise). */
  QUIET: flag,
});

export type ServerConfig = v.InferOutput<typeof ServerEnv>;

/** Reads the server's settings once; a bad value stops the start with a message naming it. */
export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const result = v.safeParse(ServerEnv, env);
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? "environment"}: ${issue.message}`);
  throw new Error(`Invalid server settings:\n${problems.join("\n")}`);
}
