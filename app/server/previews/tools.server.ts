import { spawn } from "node:child_process";
import { constants } from "node:fs";
import { access, lstat, open, readdir, statfs } from "node:fs/promises";
import { constants as osConstants } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";

/** The programs the checks run, each from a Debian package named for the start-up log. */
export const toolPackages = {
  pdfinfo: "poppler-utils",
  pdftoppm: "poppler-utils",
  pdffonts: "poppler-utils",
  pdfimages: "poppler-utils",
  pdftotext: "poppler-utils",
  gs: "ghostscript",
  cdr2xhtml: "libcdr-tools",
  zbarimg: "zbar-tools",
  prlimit: "util-linux",
  bwrap: "bubblewrap",
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

/**
 * The packages that would bring the missing programs, for one line of the start-up log.
 * bubblewrap is not among them: without it every kind still has its preview, and
 * sandboxFor says so in a line of its own.
 */
export function missingPackages(tools: ToolSet): string[] {
  const missing = (Object.keys(toolPackages) as ToolName[]).filter((name) => name !== "bwrap" && !tools.has(name));
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
  /**
   * All it may hold at once in its scratch folder, temporary files included:
   * Ghostscript under -dSAFER may still make as many as it likes there.
   */
  scratchBytes: number;
};

export const defaultRunLimits: RunLimits = {
  timeoutMs: 30_000,
  memoryBytes: 1024 * 1024 * 1024,
  fileBytes: 256 * 1024 * 1024,
  outputBytes: 16 * 1024 * 1024,
  scratchBytes: 256 * 1024 * 1024,
};

export type RunResult = {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: string;
  /** Killed for taking longer than its time, for more output than allowed, or for filling its scratch space. */
  stopped?: "time" | "output" | "scratch";
  /** The most its scratch space was seen to hold while it ran. */
  scratchPeakBytes?: number;
};

/**
 * How the programs are kept from the server: under bubblewrap (no view of the
 * server's processes, files or network), or, where this machine cannot make
 * namespaces, as the server's own user, and why.
 */
export type Sandbox = { kind: "bubblewrap" } | { kind: "none"; why: string };

/** How often a run's scratch space is measured: at 1 GB/s, a tenth of a second is 100 MB. */
const SCRATCH_WATCH_MS = 50;
/**
 * Room in the sandbox's scratch space above its limit, so that the watch ends a
 * flood, with its reason, before a full space makes the program fail with its
 * own: at least a quarter of a second of writing at 1 GB/s.
 */
const sandboxSpaceBytes = ({ scratchBytes }: RunLimits) => scratchBytes + Math.max(scratchBytes, 256 * 1024 * 1024);

/**
 * Whether bubblewrap can run a program here: tried once, at start-up, with a
 * program that does nothing. It needs the bwrap program and namespaces a user
 * may make (some kernels and containers refuse them).
 */
export async function sandboxFor(tools: ToolSet, scratch: string): Promise<Sandbox> {
  if (!tools.has("bwrap")) return { kind: "none", why: "bubblewrap is not installed" };
  const result = await runTool("true", [], {
    cwd: scratch,
    sandbox: { kind: "bubblewrap" },
    limits: { timeoutMs: 10_000 },
  });
  if (result.code === 0) return { kind: "bubblewrap" };
  return {
    kind: "none",
    why: `bubblewrap cannot make its namespaces here (${firstLine(result.stderr) || "no reason given"})`,
  };
}

export type RunOptions = {
  /** The run's scratch folder: its working, home and temporary folder. */
  cwd: string;
  limits?: Partial<RunLimits>;
  signal?: AbortSignal;
  sandbox?: Sandbox;
  /** Files and folders it reads: in the sandbox, the only ones it sees beside the system's programs. */
  reads?: readonly string[];
  /** Files it writes, made empty beforehand: in the sandbox, the only ones it can write that outlast it. */
  writes?: readonly string[];
};

/**
 * Runs one program on a file from a stranger: never through a shell, in the
 * job's scratch folder (its working, home and temporary folder), with a
 * minimal environment, under prlimit's memory, CPU, file-size and core-dump
 * limits, and killed, with anything it started, when its time is up or its
 * scratch space holds more than its limit. In the sandbox it sees only the
 * system's programs and libraries, the files named for it, and a scratch
 * space of its own the size of its limit, with no network.
 */
export async function runTool(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  const limits = { ...defaultRunLimits, ...options.limits };
  if (options.signal?.aborted) {
    return { code: null, signal: null, stdout: Buffer.alloc(0), stderr: "", stopped: "time" };
  }
  for (const file of options.writes ?? []) await (await open(file, "w", 0o600)).close();
  const cpuSeconds = Math.ceil(limits.timeoutMs / 1000) + 1;
  const limited = [
    "prlimit",
    `--data=${limits.memoryBytes}`,
    `--fsize=${limits.fileBytes}`,
    `--cpu=${cpuSeconds}`,
    "--core=0",
    "--",
    command,
    ...args,
  ];
  // Ghostscript, even with -dSAFER, may write to its temporary folder: that is the scratch folder too.
  const env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: options.cwd,
    TMPDIR: options.cwd,
    TEMP: options.cwd,
    LC_ALL: "C",
  };
  const sandboxed = options.sandbox?.kind === "bubblewrap";
  const [program, ...programArgs] = sandboxed
    ? ["bwrap", ...bubblewrapArgs(options, limits, env), "--", ...limited]
    : limited;
  const child = spawn(program as string, programArgs, {
    cwd: options.cwd,
    env: sandboxed ? { PATH: env.PATH } : env,
    // The fourth is bubblewrap's account of the process it started, whose scratch space is measured.
    stdio: ["ignore", "pipe", "pipe", sandboxed ? "pipe" : "ignore"],
    // Its own process group, so the kill reaches whatever it started.
    detached: true,
  });
  const { stdout, stderr } = child;
  if (!stdout || !stderr) throw new Error("the program's output pipes were not made");
  return new Promise((resolve) => {
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = "";
    let stopped: RunResult["stopped"];
    let peak = 0;
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
    const measure = sandboxed
      ? sandboxScratch(child.stdio[3] as Readable, options.cwd, sandboxSpaceBytes(limits))
      : folderScratch(options.cwd);
    let measuring = false;
    const watch = setInterval(async () => {
      // A walk of a crowded folder may outlast the interval: one at a time.
      if (measuring) return;
      measuring = true;
      const held = await measure();
      measuring = false;
      peak = Math.max(peak, held);
      if (held > limits.scratchBytes) kill("scratch");
    }, SCRATCH_WATCH_MS);
    const done = () => {
      clearTimeout(timer);
      clearInterval(watch);
      options.signal?.removeEventListener("abort", onAbort);
    };
    stdout.on("data", (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > limits.outputBytes) kill("output");
      else out.push(chunk);
    });
    stderr.on("data", (chunk: Buffer) => {
      // Enough to say why it failed; a tool that floods its errors is not kept from finishing.
      if (err.length < 8192) err += chunk.toString("utf8");
    });
    child.on("error", (error) => {
      done();
      resolve({ code: null, signal: null, stdout: Buffer.alloc(0), stderr: error.message, stopped });
    });
    child.on("close", (exitCode, exitSignal) => {
      done();
      const { code, signal } = sandboxed
        ? fromBubblewrap(exitCode, exitSignal)
        : { code: exitCode, signal: exitSignal };
      resolve({
        code,
        signal,
        stdout: Buffer.concat(out),
        stderr: err,
        ...(stopped ? { stopped } : {}),
        ...(peak > 0 ? { scratchPeakBytes: peak } : {}),
      });
    });
  });
}

/**
 * bubblewrap's arguments: new namespaces of every kind (so no network, and no
 * /proc of the server's), the system's programs read-only, and the scratch
 * folder a size-limited memory filesystem of the run's own, where only the
 * files named for it appear. It dies with the server.
 */
function bubblewrapArgs(options: RunOptions, limits: RunLimits, env: Record<string, string>): string[] {
  const binds = (flag: string, paths: readonly string[] = []) => paths.flatMap((file) => [flag, file, file]);
  return [
    "--info-fd",
    "3",
    "--unshare-all",
    "--die-with-parent",
    "--new-session",
    "--ro-bind",
    "/usr",
    "/usr",
    ...["bin", "lib", "lib64", "sbin"].flatMap((name) => ["--symlink", `usr/${name}`, `/${name}`]),
    // The loader's cache finds Debian's libraries; fonts and Ghostscript's own settings are read by the tools.
    ...binds("--ro-bind-try", ["/etc/ld.so.cache", "/etc/fonts", "/etc/ghostscript"]),
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    "--size",
    String(sandboxSpaceBytes(limits)),
    "--tmpfs",
    options.cwd,
    ...binds("--ro-bind", options.reads),
    ...binds("--bind", options.writes),
    // Its root and /dev are memory filesystems too: read-only, so that nothing unmeasured grows there.
    "--remount-ro",
    "/",
    "--remount-ro",
    "/dev",
    "--chdir",
    options.cwd,
    "--clearenv",
    ...Object.entries(env).flatMap(([name, value]) => ["--setenv", name, value]),
  ];
}

/** bubblewrap ends with 128 and the signal's number when its program was ended by one, as a shell does. */
function fromBubblewrap(code: number | null, signal: NodeJS.Signals | null) {
  if (code === null || code <= 128) return { code, signal };
  const name = Object.entries(osConstants.signals).find(([, number]) => number === code - 128)?.[0];
  return name ? { code: null, signal: name as NodeJS.Signals } : { code, signal };
}

/** statfs's name for a memory filesystem (linux/magic.h). */
const TMPFS_MAGIC = 0x01021994;

/**
 * What the sandbox's scratch space holds, deleted files still open included,
 * read through its process's root. bubblewrap names its process before that
 * process has its own mounts: until then the path leads to the server's own
 * disk, whose use is not the program's, so only a memory filesystem of the
 * size the sandbox was given is measured.
 */
export function sandboxScratch(info: Readable, scratch: string, spaceBytes: number): () => Promise<number> {
  let said = "";
  let pid: number | undefined;
  info.on("data", (chunk: Buffer) => {
    said += chunk.toString("utf8");
    const found = said.match(/"child-pid":\s*(\d+)/);
    if (found) pid = Number(found[1]);
  });
  return async () => {
    if (pid === undefined) return 0;
    try {
      const space = await statfs(path.join(`/proc/${pid}/root`, scratch));
      const ownSpace = space.type === TMPFS_MAGIC && Math.abs(space.blocks * space.bsize - spaceBytes) < 1024 * 1024;
      return ownSpace ? (space.blocks - space.bfree) * space.bsize : 0;
    } catch {
      // Gone, or not yet in its namespace.
      return 0;
    }
  };
}

/** What has been added to the scratch folder since the run began: the disk it takes, file by file. */
function folderScratch(folder: string): () => Promise<number> {
  let before: number | undefined;
  const ready = diskUsage(folder).then((bytes) => {
    before = bytes;
  });
  return async () => {
    await ready;
    return Math.max(0, (await diskUsage(folder)) - (before ?? 0));
  };
}

async function diskUsage(folder: string): Promise<number> {
  let total = 0;
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return 0;
  }
  for (const name of names) {
    const file = path.join(folder, name);
    try {
      const info = await lstat(file);
      total += info.isDirectory() ? await diskUsage(file) : info.blocks * 512;
    } catch {
      // Deleted meanwhile.
    }
  }
  return total;
}

/** A run that did not end well, in words for staff: the reason a file has no preview. */
export function failureOf(tool: string, result: RunResult): string | undefined {
  if (result.stopped === "time") return `${tool} took too long and was stopped`;
  if (result.stopped === "output") return `${tool} gave more output than a preview needs`;
  if (result.stopped === "scratch") return `${tool} wrote more than a preview needs and was stopped`;
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
