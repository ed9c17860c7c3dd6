import { chmod, mkdir, mkdtemp, readdir, readFile, realpath, rm, stat, statfs, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import {
  failureOf,
  findTools,
  missingPackages,
  type RunResult,
  runTool,
  type Sandbox,
  sandboxFor,
  sandboxScratch,
  type ToolName,
} from "./tools.server.ts";

// Real programs under the real prlimit: what is tested is what the kernel and
// the child see, not what runTool means to do.
const node = process.execPath;

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "run-tool-test-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function timed(run: Promise<RunResult>): Promise<RunResult & { ms: number }> {
  const started = performance.now();
  const result = await run;
  return { ...result, ms: performance.now() - started };
}

/** Whether a process is gone: no entry in /proc, or only a zombie waiting to be reaped. */
async function isGone(pid: number): Promise<boolean> {
  try {
    const status = await readFile(`/proc/${pid}/stat`, "utf8");
    return status.slice(status.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return true;
  }
}

describe("runTool", () => {
  test("runs the program itself, not a shell: shell syntax reaches it as plain text", async () => {
    const args = ["$(touch from-substitution)", "; touch from-semicolon", "`touch from-backquote`", "a  b | cat"];
    const result = await runTool(node, ["-e", "console.log(process.argv.slice(1).join('\\n'))", ...args], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout.toString("utf8")).toBe(`${args.join("\n")}\n`);
    expect(await readdir(dir)).toEqual([]);
  });

  test("works in the scratch folder, which is also its home and temporary folder, and sees no other variable", async () => {
    process.env.RUN_TOOL_TEST_SECRET = "not for the child";
    try {
      const result = await runTool(
        node,
        ["-e", "console.log(JSON.stringify({ cwd: process.cwd(), env: process.env }))"],
        { cwd: dir },
      );
      const seen = JSON.parse(result.stdout.toString("utf8")) as { cwd: string; env: Record<string, string> };
      expect(seen.cwd).toBe(await realpath(dir));
      expect(seen.env).toEqual({ PATH: process.env.PATH, HOME: dir, TMPDIR: dir, TEMP: dir, LC_ALL: "C" });
    } finally {
      delete process.env.RUN_TOOL_TEST_SECRET;
    }
  });

  test("keeps what the program writes and says nothing was stopped", async () => {
    const file = path.join(dir, "sample.bin");
    const bytes = Buffer.from([0, 1, 2, 255, 10, 13, 0x80]);
    await writeFile(file, bytes);
    const result = await runTool("/bin/cat", [file], { cwd: dir });
    expect(result).toEqual({ code: 0, signal: null, stdout: bytes, stderr: "" });
    expect(failureOf("cat", result)).toBeUndefined();
  });

  test("a program that fails gives its exit code and its first words on stderr", async () => {
    const result = await runTool("/bin/cat", ["missing.pdf"], { cwd: dir });
    expect(result.code).toBe(1);
    expect(failureOf("cat", result)).toBe(
      "cat could not read this file: /bin/cat: missing.pdf: No such file or directory",
    );
  });

  test("a program still running when its time is up is killed at once", async () => {
    const result = await timed(runTool("/bin/sleep", ["10"], { cwd: dir, limits: { timeoutMs: 300 } }));
    expect(result.stopped).toBe("time");
    expect(result.signal).toBe("SIGKILL");
    expect(result.ms).toBeGreaterThanOrEqual(290);
    // Far short of the program's 10 s, with room for a loaded machine.
    expect(result.ms).toBeLessThan(300 + 2000);
    expect(failureOf("sleep", result)).toBe("sleep took too long and was stopped");
  });

  // A program left alive holding the output pipe would keep the run from ending, and keep running.
  test("the kill reaches what the program started", async () => {
    const script = [
      "const { spawn } = require('node:child_process');",
      "const child = spawn('/bin/sleep', ['30'], { stdio: 'inherit' });",
      "console.log(child.pid);",
      "setTimeout(() => {}, 30000);",
    ].join("\n");
    // Long enough for Node to start and start its child on a loaded machine (a CI run missed it at 500 ms).
    const result = await timed(runTool(node, ["-e", script], { cwd: dir, limits: { timeoutMs: 4000 } }));
    expect(result.stopped).toBe("time");
    expect(result.ms).toBeLessThan(4000 + 2000);
    const grandchild = Number(result.stdout.toString("utf8").trim());
    expect(grandchild).toBeGreaterThan(0);
    expect(await isGone(grandchild)).toBe(true);
  });

  test("more output than allowed ends the run and keeps no more than the limit", async () => {
    const result = await timed(runTool("/bin/cat", ["/dev/zero"], { cwd: dir, limits: { outputBytes: 64 * 1024 } }));
    expect(result.stopped).toBe("output");
    expect(result.stdout.length).toBeLessThanOrEqual(64 * 1024);
    expect(result.ms).toBeLessThan(1000);
    expect(failureOf("cat", result)).toBe("cat gave more output than a preview needs");
  });

  test("a program cannot allocate more memory than its limit", async () => {
    const allocate = ["-e", "Buffer.alloc(1.5 * 1024 ** 3, 0); console.log('allocated')"];
    const limited = await runTool(node, allocate, { cwd: dir, limits: { memoryBytes: 1.2e9 } });
    expect(limited.code).not.toBe(0);
    expect(limited.stdout.toString("utf8")).toBe("");
    expect(failureOf("node", limited)).toMatch(/^node could not read this file/);
    // The same program under a higher limit: the limit, not the machine, is what stopped it.
    const roomy = await runTool(node, allocate, { cwd: dir, limits: { memoryBytes: 4 * 1024 ** 3 } });
    expect(roomy.stdout.toString("utf8")).toBe("allocated\n");
  });

  test("a program cannot write a file larger than its limit", async () => {
    const result = await runTool("/bin/dd", ["if=/dev/zero", "of=big", "bs=65536", "count=32"], {
      cwd: dir,
      limits: { fileBytes: 256 * 1024 },
    });
    expect(result.signal).toBe("SIGXFSZ");
    expect((await stat(path.join(dir, "big"))).size).toBeLessThanOrEqual(256 * 1024);
    expect(failureOf("dd", result)).toBe("dd stopped on this file (SIGXFSZ)");
  });

  test("aborting the signal kills the program under way", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const result = await timed(
      runTool("/bin/sleep", ["10"], { cwd: dir, limits: { timeoutMs: 5000 }, signal: controller.signal }),
    );
    expect(result.stopped).toBe("time");
    expect(result.ms).toBeLessThan(1000);
  });

  // A check stopped between two programs hands the next one a signal already aborted.
  test("a signal aborted before the run starts stops it at once", async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await timed(
      runTool("/bin/sleep", ["10"], { cwd: dir, limits: { timeoutMs: 2000 }, signal: controller.signal }),
    );
    expect(result.stopped).toBe("time");
    expect(result.ms).toBeLessThan(1000);
  });
});

describe("runTool in the sandbox", { timeout: 30_000 }, () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    const probe = await mkdtemp(path.join(tmpdir(), "run-tool-probe-"));
    sandbox = await sandboxFor(await findTools(), probe);
    await rm(probe, { recursive: true, force: true });
    // scripts/ensure-preview-tools.sh installs bubblewrap: these tests are what it is for.
    expect(sandbox).toEqual({ kind: "bubblewrap" });
  });

  test("a program cannot read the server's environment through /proc", async () => {
    const reader = ["-c", 'cat "/proc/$0/environ"; ls /proc', String(process.pid)];
    const outside = await runTool("/bin/sh", reader, { cwd: dir });
    // Outside the sandbox the same program reads it: the test can fail.
    expect(outside.stdout.toString("latin1")).toContain(`PATH=${process.env.PATH}`);
    const inside = await runTool("/bin/sh", reader, { cwd: dir, sandbox });
    expect(inside.stdout.toString("latin1")).not.toContain("PATH=");
    expect(inside.stderr).toMatch(/No such file or directory/);
    // Its own processes only, in a process namespace of its own.
    const pids = inside.stdout
      .toString("latin1")
      .split(/\s+/)
      .filter((name) => /^\d+$/.test(name));
    expect(pids.length).toBeGreaterThan(0);
    expect(pids.map(Number).every((pid) => pid < 10)).toBe(true);
  });

  test("a program sees only the files named for it, not the database beside the scratch folder", async () => {
    const data = await mkdtemp(path.join(tmpdir(), "run-tool-data-"));
    try {
      const database = path.join(data, "site.sqlite");
      await writeFile(database, "the inquiries");
      const input = path.join(dir, "input");
      await writeFile(input, "the artwork");
      const outside = await runTool("/bin/cat", [database, input], { cwd: dir });
      expect(outside.stdout.toString("utf8")).toBe("the inquiriesthe artwork");
      const inside = await runTool("/bin/cat", [database, input], { cwd: dir, sandbox, reads: [input] });
      expect(inside.stdout.toString("utf8")).toBe("the artwork");
      expect(inside.stderr).toContain(`${database}: No such file or directory`);
      // Nor may it change the file it reads.
      const writer = await runTool("/bin/sh", ["-c", `echo changed > "${input}"`], {
        cwd: dir,
        sandbox,
        reads: [input],
      });
      expect(writer.code).not.toBe(0);
      expect(await readFile(input, "utf8")).toBe("the artwork");
    } finally {
      await rm(data, { recursive: true, force: true });
    }
  });

  test("a program has no network, not even the server's own address", async () => {
    let connections = 0;
    const server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as { port: number };
      const connect = ["-c", `echo hello > /dev/tcp/127.0.0.1/${port}`];
      const outside = await runTool("/bin/bash", connect, { cwd: dir });
      expect(outside.code).toBe(0);
      expect(connections).toBe(1);
      const inside = await runTool("/bin/bash", connect, { cwd: dir, sandbox });
      expect(inside.code).not.toBe(0);
      expect(inside.stderr).toMatch(/Connection refused|Network is unreachable/);
      expect(connections).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test("what it writes outlasts it only in the files named for it", async () => {
    const output = path.join(dir, "page.png");
    const result = await runTool("/bin/sh", ["-c", `echo drawn > "${output}"; echo stray > stray.txt`], {
      cwd: dir,
      sandbox,
      writes: [output],
    });
    expect(result.code).toBe(0);
    expect(await readFile(output, "utf8")).toBe("drawn\n");
    expect(await readdir(dir)).toEqual(["page.png"]);
  });

  test("a program that fills its scratch space is stopped, and holds no more than the space's size", async () => {
    const scratchBytes = 32 * 1024 * 1024;
    // Files deleted while still open are counted too: they take the space all the same.
    const script = "exec 3>hidden; rm hidden; while true; do head -c 1048576 /dev/zero >&3 || exit 1; done";
    const result = await timed(
      runTool("/bin/sh", ["-c", script], { cwd: dir, sandbox, limits: { scratchBytes, timeoutMs: 20_000 } }),
    );
    expect(result.stopped).toBe("scratch");
    expect(failureOf("sh", result)).toBe("sh wrote more than a preview needs and was stopped");
    expect(result.scratchPeakBytes).toBeGreaterThan(scratchBytes);
    expect(result.scratchPeakBytes).toBeLessThanOrEqual(scratchBytes + 256 * 1024 * 1024);
    expect(result.ms).toBeLessThan(10_000);
  });

  test("a signal the program ends on is told as that signal, as outside the sandbox", async () => {
    const result = await runTool("/bin/dd", ["if=/dev/zero", "of=big", "bs=65536", "count=32"], {
      cwd: dir,
      sandbox,
      limits: { fileBytes: 256 * 1024 },
    });
    expect(result.signal).toBe("SIGXFSZ");
    expect(failureOf("dd", result)).toBe("dd stopped on this file (SIGXFSZ)");
  });

  test("the kill at its time limit reaches the program inside", async () => {
    const result = await timed(runTool("/bin/sleep", ["30"], { cwd: dir, sandbox, limits: { timeoutMs: 1000 } }));
    expect(result.stopped).toBe("time");
    expect(result.ms).toBeLessThan(1000 + 2000);
  });
});

describe("runTool outside the sandbox", () => {
  test("a program that fills its scratch folder is stopped by the watch", async () => {
    const scratchBytes = 32 * 1024 * 1024;
    const script = "i=0; while true; do i=$((i+1)); head -c 1048576 /dev/zero > part$i || exit 1; done";
    const result = await timed(
      runTool("/bin/sh", ["-c", script], { cwd: dir, limits: { scratchBytes, timeoutMs: 20_000 } }),
    );
    expect(result.stopped).toBe("scratch");
    expect(result.ms).toBeLessThan(10_000);
  });
});

describe("failureOf", () => {
  const result = (partial: Partial<RunResult>): RunResult => ({
    code: 0,
    signal: null,
    stdout: Buffer.alloc(0),
    stderr: "",
    ...partial,
  });

  test("says why a run was stopped before how it ended", () => {
    expect(failureOf("pdftoppm", result({ code: null, signal: "SIGKILL", stopped: "time" }))).toBe(
      "pdftoppm took too long and was stopped",
    );
    expect(failureOf("pdfimages", result({ code: null, signal: "SIGKILL", stopped: "output" }))).toBe(
      "pdfimages gave more output than a preview needs",
    );
  });

  test("a CPU limit or a kill from outside is running out of time; another signal is named", () => {
    expect(failureOf("Ghostscript", result({ code: null, signal: "SIGXCPU" }))).toBe("Ghostscript ran out of time");
    expect(failureOf("Ghostscript", result({ code: null, signal: "SIGKILL" }))).toBe("Ghostscript ran out of time");
    expect(failureOf("pdfinfo", result({ code: null, signal: "SIGSEGV" }))).toBe(
      "pdfinfo stopped on this file (SIGSEGV)",
    );
  });

  test("a failed exit gives the first line with words on it, printable and short", () => {
    expect(
      failureOf("pdfinfo", result({ code: 1, stderr: "\n  \nSyntax Error: Couldn't find trailer dictionary\nmore\n" })),
    ).toBe("pdfinfo could not read this file: Syntax Error: Couldn't find trailer dictionary");
    const noisy = failureOf(
      "gs",
      result({ code: 1, stderr: `\u001b[31mError:\u0007 caf\u00e9\t${"x".repeat(300)}\n` }),
    );
    expect(noisy).toBe(`gs could not read this file: [31mError: caf${"x".repeat(160 - "[31mError: caf".length)}`);
    expect(failureOf("pdffonts", result({ code: 99, stderr: "" }))).toBe("pdffonts could not read this file");
  });

  test("a program that could not be started is a failure too", () => {
    expect(failureOf("prlimit", result({ code: null, stderr: "spawn prlimit ENOENT" }))).toBe(
      "prlimit could not read this file: spawn prlimit ENOENT",
    );
  });

  test("a clean exit is no failure, whatever it said on stderr", () => {
    expect(
      failureOf("pdfimages", result({ code: 0, stderr: "Syntax Warning: Invalid Font Weight\n" })),
    ).toBeUndefined();
  });
});

describe("findTools", () => {
  async function program(folder: string, name: string, mode = 0o755) {
    await mkdir(folder, { recursive: true });
    const file = path.join(folder, name);
    await writeFile(file, "#!/bin/sh\nexit 0\n");
    await chmod(file, mode);
  }

  test("finds the programs that are on the search path and executable", async () => {
    const first = path.join(dir, "first");
    const second = path.join(dir, "second");
    await program(first, "pdfinfo");
    await program(first, "gs");
    await program(first, "pdftoppm", 0o644);
    await program(second, "prlimit");
    await program(second, "pdfinfo");
    await program(second, "not-a-tool");
    const searchPath = [first, "", second, path.join(dir, "missing")].join(path.delimiter);
    expect([...(await findTools(searchPath))].sort()).toEqual(["gs", "pdfinfo", "prlimit"]);
  });

  test("an empty search path finds nothing", async () => {
    expect((await findTools("")).size).toBe(0);
  });
});

describe("missingPackages", () => {
  const all: ToolName[] = [
    "pdfinfo",
    "pdftoppm",
    "pdffonts",
    "pdfimages",
    "pdftotext",
    "gs",
    "cdr2xhtml",
    "zbarimg",
    "prlimit",
    "bwrap",
  ];

  test("names each package once, however many of its programs are missing", () => {
    expect(missingPackages(new Set<ToolName>(["pdfinfo", "gs"]))).toEqual([
      "poppler-utils",
      "libcdr-tools",
      "zbar-tools",
      "util-linux",
    ]);
    expect(missingPackages(new Set<ToolName>())).toEqual([
      "poppler-utils",
      "ghostscript",
      "libcdr-tools",
      "zbar-tools",
      "util-linux",
    ]);
  });

  test("one program of a package missing still names the package", () => {
    expect(missingPackages(new Set(all.filter((name) => name !== "pdfimages")))).toEqual(["poppler-utils"]);
  });

  test("nothing missing, nothing to install", () => {
    expect(missingPackages(new Set(all))).toEqual([]);
  });

  // Without it every kind still has its preview: the start-up log says so in a line of its own.
  test("bubblewrap missing is not a preview missing", () => {
    expect(missingPackages(new Set(all.filter((name) => name !== "bwrap")))).toEqual([]);
  });
});

describe("measuring a sandbox's scratch space", () => {
  test("counts nothing while bubblewrap's process still sees the server's disk, not yet its own space", async () => {
    // bubblewrap names its process before that process has its own mounts: until
    // then its root is the server's, and the disk under the scratch path holds
    // what the whole machine wrote (a false flood, seen under load).
    const info = new PassThrough();
    const measure = sandboxScratch(info, dir, 512 * 1024 * 1024);
    info.write(`{ "child-pid": ${process.pid} }`);
    await new Promise((resolve) => setImmediate(resolve));
    const disk = await statfs(dir);
    expect((disk.blocks - disk.bfree) * disk.bsize).toBeGreaterThan(0);
    expect(await measure()).toBe(0);
  });
});
