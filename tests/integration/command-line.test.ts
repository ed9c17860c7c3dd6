import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, test } from "vitest";
import { freePort } from "../support/free-port.ts";
import { type SiteServer, startSite } from "../support/start-site.ts";

const dirs: string[] = [];
const servers: SiteServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function start(args: string[]): Promise<SiteServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "command-line-"));
  dirs.push(dataDir);
  const server = await startSite({ buildDir: inject("siteBuildDir"), dataDir, args });
  servers.push(server);
  return server;
}

describe("what node server.ts takes after its name", () => {
  test("--port chooses the port, as PORT does", async () => {
    const port = await freePort();
    const server = await start(["--port", String(port)]);
    expect(new URL(server.url).port).toBe(String(port));
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  });

  test("--port=N and --host work too", async () => {
    const port = await freePort();
    const server = await start([`--port=${port}`, "--host", "127.0.0.1"]);
    expect(server.url).toBe(`http://127.0.0.1:${port}`);
  });

  test("a word it does not know stops the start with exit code 2, naming it and what it takes", async () => {
    await expect(start(["--prot", "4000"])).rejects.toThrow(
      /exited \(2\)[\s\S]*'--prot'[\s\S]*--port N and --host ADDRESS/,
    );
  });

  test("a port that is not one stops the start with exit code 2, naming the option and the check", async () => {
    await expect(start(["--port", "forty"])).rejects.toThrow(
      /exited \(2\)[\s\S]*--port "forty": must be a whole number \(the PORT setting's check\)/,
    );
    await expect(start(["--port", "70000"])).rejects.toThrow(/exited \(2\)[\s\S]*--port "70000": must be from 0/);
  });
});
