import { parseArgs } from "node:util";

// What the load benchmark measures, as its command line chooses.

export const usage = `Load benchmark: autocannon against the production server on 127.0.0.1.

  npm run bench:load                                  every set-up, 10 s per target
  npm run bench:load -- --duration 30 --connections 50
  npm run bench:load -- --setups sqlite               only some set-ups: sqlite, postgres, postgres-2

Targets: GET /, GET /services/cake and valid posts of the contact form (each stores an inquiry).
Set-ups: SQLite with one instance; PostgreSQL with one instance; PostgreSQL with two instances
behind nginx. PostgreSQL comes from scripts/ensure-postgres.sh unless TEST_POSTGRES_URL names
a server; nginx from scripts/ensure-nginx.sh. Serves build/ (or the folder BUILD_DIR names), building it first when it is missing.
Writes reports/load-<date>.{md,json} and reports/load-latest.{md,json}.

  --duration <s>      seconds measured per target (default 10)
  --warmup <s>        seconds of unmeasured load before each target (default 2)
  --connections <n>   concurrent connections (default 10)
  --upload-files <n>  artwork files uploaded at once, on SQLite and on two instances (default 10; 0: none)
  --upload-mb <n>     each file's size (default 100)
`;

export const SETUPS = [
  { name: "sqlite", label: "SQLite, 1 instance", engine: "sqlite", instances: 1 },
  { name: "postgres", label: "PostgreSQL, 1 instance", engine: "postgres", instances: 1 },
  { name: "postgres-2", label: "PostgreSQL, 2 instances + nginx", engine: "postgres", instances: 2 },
] as const;
export type Setup = (typeof SETUPS)[number];

export const TARGETS = [
  { name: "GET /", method: "GET", path: "/" },
  { name: "GET /services/cake", method: "GET", path: "/services/cake" },
  { name: "POST /contact", method: "POST", path: "/contact" },
] as const;
export type Target = (typeof TARGETS)[number];

export type Options = {
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  setups: Setup[];
  upload: { files: number; fileMB: number };
};

export function readOptions(): Options | string {
  let values: ReturnType<typeof parse>["values"];
  try {
    values = parse().values;
  } catch (error) {
    return (error as Error).message;
  }
  if (values.help) return "";
  const whole = (name: string, text: string | undefined, fallback: number, min: number) => {
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number from ${min}`);
    return value;
  };
  try {
    const names = (values.setups ?? SETUPS.map((setup) => setup.name).join(",")).split(",").filter(Boolean);
    const setups = names.map((name) => {
      const setup = SETUPS.find((candidate) => candidate.name === name);
      if (!setup) throw new Error(`--setups: "${name}" is not one of ${SETUPS.map((s) => s.name).join(", ")}`);
      return setup;
    });
    if (setups.length === 0) throw new Error("--setups names no set-up");
    return {
      durationSeconds: whole("duration", values.duration, 10, 1),
      warmupSeconds: whole("warmup", values.warmup, 2, 0),
      connections: whole("connections", values.connections, 10, 1),
      setups,
      upload: {
        files: whole("upload-files", values["upload-files"], 10, 0),
        fileMB: whole("upload-mb", values["upload-mb"], 100, 1),
      },
    };
  } catch (error) {
    return (error as Error).message;
  }
}

function parse() {
  return parseArgs({
    args: process.argv.slice(2),
    options: {
      duration: { type: "string" },
      warmup: { type: "string" },
      connections: { type: "string" },
      setups: { type: "string" },
      "upload-files": { type: "string" },
      "upload-mb": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  });
}
