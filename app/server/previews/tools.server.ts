import { spawn } from "node:child_process";
import { constants } from "node:fs";
import { access } from "node:fs/promises";
import path from "node:path";

/** The programs the checks run, each from a Debian package named for the start-up log. */
export const toolPackages = {
  pdfinfo: "poppler-utils",
  pdftoppm: "poppler-utils",
  pdffonts: "poppler-utils",
  pdfimages: "poppler-utils",
  gs: "ghostscript",
  cdr2xhtml: "libcdr-tools",
  prlimit: "util-linux",
} as const;

export type ToolName = keyof typeof toolPackages;

/** Which of the programs this machine has: a kind whose program is missing gets "no preview" and says which package. */
export type ToolSet = ReadonlySet<ToolName>;

/** Looks each program up on the PATH once, at start-up. */
export async function findTools(searchPath = process.env.PATH ?? ""): Promise<ToolSet> {
  const folders = searchPath.split(path.delimiter).filter(Boolean);
  const found = new Set<ToolName>();
  for (const name of Object.keys(toolPackages) as ToolName[]) {
    for (const folder of folders) {
      try {
        await access(path.join(folder, name), constants.X_OK);
        found.add(name);
        break;
      } catch {
        // Not in this folder.
      }
    }
  }
  return found;
}

/** The packages that would bring the missing programs, for one line of the start-up log. */
export function missingPackages(tools: ToolSet): string[] {
  const missing = (Object.keys(toolPackages) as ToolName[]).filter((name) => !tools.has(name));
  return [...new Set(missing.map((name) => toolPackages[name]))];
}

/** Limits every run of a program is held to. */
export type RunLimits = {
  /** Wall-clock time before the program is killed. */
  timeoutMs: number;
  /** Memory the program may allocate (its data segment, as prlimit sets it). */
  memoryBytes: number;
  /** The largest file it may write. */
  fileBytes: number;
  /** What is kept of its standard output; more than this ends the run. */
  outputBytes: number;
};

export const defaultRunLimits: RunLimits = {
  timeoutMs: 30_000,
  memoryBytes: 1024 * 1024 * 1024,
  fileBytes: 256 * 1024 * 1024,
  outputBytes: 16 * 1024 * 1024,
};

export type RunResult = {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: string;
  /** Killed for taking longer than its time, or for writing more than its output allows. */
  stopped?: "time" | "output";
};

/**
 * Runs one program on a file from a stranger: never through a shell, in the
 * job's scratch folder (its working, home and temporary folder), with a
 * minimal environment, under prlimit's memory, CPU, file-size and core-dump
 * limits, and killed, with anything it started, when its time is up.
 */
export function runTool(
  command: string,
  args: readonly string[],
  options: { cwd: string; limits?: Partial<RunLimits>; signal?: AbortSignal },
): Promise<RunResult> {
  const limits = { ...defaultRunLimits, ...options.limits };
  if (options.signal?.aborted) {
    return Promise.resolve({ code: null, signal: null, stdout: Buffer.alloc(0), stderr: "", stopped: "time" });
  }
  const cpuSeconds = Math.ceil(limits.timeoutMs / 1000) + 1;
  const child = spawn(
    "prlimit",
    [
      `--data=${limits.memoryBytes}`,
      `--fsize=${limits.fileBytes}`,
      `--cpu=${cpuSeconds}`,
      "--core=0",
      "--",
      command,
      ...args,
    ],
    {
      cwd: options.cwd,
      // Ghostscript, even with -dSAFER, may write to its temporary folder: that is the scratch folder too.
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: options.cwd,
        TMPDIR: options.cwd,
        TEMP: options.cwd,
        LC_ALL: "C",
      },
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group, so the kill reaches whatever it started.
      detached: true,
    },
  );
  return new Promise((resolve) => {
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = "";
    let stopped: RunResult["stopped"];
    const kill = (why: NonNullable<RunResult["stopped"]>) => {
      stopped ??= why;
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => kill("time"), limits.timeoutMs);
    const onAbort = () => kill("time");
    options.signal?.addEventListener("abort", onAbort, { once: true });
    child.stdout.on("data", (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > limits.outputBytes) kill("output");
      else out.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      // Enough to say why it failed; a tool that floods its errors is not kept from finishing.
      if (err.length < 8192) err += chunk.toString("utf8");
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      resolve({ code: null, signal: null, stdout: Buffer.alloc(0), stderr: error.message, stopped });
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      resolve({ code, signal, stdout: Buffer.concat(out), stderr: err, ...(stopped ? { stopped } : {}) });
    });
  });
}

/** A run that did not end well, in words for staff: the reason a file has no preview. */
export function failureOf(tool: string, result: RunResult): string | undefined {
  if (result.stopped === "time") return `${tool} took too long and was stopped`;
  if (result.stopped === "output") return `${tool} gave more output than a preview needs`;
  if (result.signal === "SIGXCPU" || result.signal === "SIGKILL") return `${tool} ran out of time`;
  if (result.signal) return `${tool} stopped on this file (${result.signal})`;
  if (result.code !== 0) {
    const said = firstLine(result.stderr);
    return `${tool} could not read this file${said ? `: ${said}` : ""}`;
  }
  return undefined;
}

/** The first line of what a tool said, short and printable: tools quote paths and bytes of the file. */
export function firstLine(text: string): string {
  const line = text.split("\n").find((part) => part.trim() !== "") ?? "";
  // Tools quote paths and bytes of the file: keep it short and printable.
  return line
    .replace(/[^\x20-\x7e]/g, "")
    .trim()
    .slice(0, 160);
}
