import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { compileCacheEnv } from "./compile-cache.ts";

const root = path.resolve(import.meta.dirname, "../..");

export type SiteServer = {
  url: string;
  /** The server's own process, for signals a test sends while it keeps talking to it. */
  pid: number;
  /** Settles when the server has exited, with how it ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything the server printed, one line each, stderr lines marked. */
  logs: string[];
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<string>;
  stop(signal?: NodeJS.Signals): Promise<void>;
};

/**
 * Starts the server (node server.ts) on 127.0.0.1 and a free port, and waits
 * for the line that says where it listens: the one way every script and test
 * starts it. Its environment is built from nothing, so settings in the shell
 * that runs them (a real SMTP server, say) never reach it. Forms may be sent
 * at once: scripts and tests fill them in faster than any person.
 */
export async function startSite(options: {
  buildDir: string;
  dataDir: string;
  env?: Record<string, string>;
  /** The development server (npm run dev): Vite instead of the build, with hot reloading. */
  development?: boolean;
  /** Given to server.ts after its own, as typed after `npm run dev --`. */
  args?: string[];
}): Promise<SiteServer> {
  const args = [
    // As package.json's scripts and the systemd unit start it.
    "--max-semi-space-size=2",
    ...(options.development
      ? ["--conditions=development", path.join(root, "server.ts"), "--dev"]
      : [path.join(root, "server.ts")]),
    ...(options.args ?? []),
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      ...compileCacheEnv,
      QUIET: "1",
      FORM_MIN_FILL_SECONDS: "0",
      // Every test database is new: staff passwords need not cost what real ones do.
      STAFF_PASSWORD_HASHING: "fast-for-tests",
      ...options.env,
      BUILD_DIR: options.buildDir,
      DATA_DIR: options.dataDir,
      HOST: "127.0.0.1",
      PORT: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = once(child, "exit").then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  const logs: string[] = [];
  const listeners = new Set<() => void>();
  const collect = (prefix: string) => (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) if (line) logs.push(prefix + line);
    for (const listener of listeners) listener();
  };
  child.stdout?.on("data", collect(""));
  child.stderr?.on("data", collect("stderr: "));

  function waitForLog(pattern: RegExp, timeoutMs = 20_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const line = logs.find((entry) => pattern.test(entry));
        if (line !== undefined) {
          done();
          resolve(line);
        } else if (child.exitCode !== null) {
          done();
          reject(new Error(`The server exited (${child.exitCode}) before logging ${pattern}:\n${logs.join("\n")}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`The server did not log ${pattern} in ${timeoutMs} ms:\n${logs.join("\n")}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
        child.off("exit", check);
      };
      listeners.add(check);
      child.on("exit", check);
      check();
    });
  }

  const ready = await waitForLog(/Site ready at (http:\/\/[^\s"]+)/);
  const url = /Site ready at (http:\/\/[^\s"]+)/.exec(ready)?.[1] ?? "";

  return {
    url,
    pid: child.pid ?? 0,
    exited,
    logs,
    waitForLog,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill(signal);
      await exited;
    },
  };
}
