import { mkdtemp, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { type SiteServer, startSite } from "../../scripts/lib/start-site.ts";

const buildDir = inject("siteBuildDir");

let dataDir: string;
let server: SiteServer;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "abandoned-"));
  server = await startSite({ buildDir, dataDir });
});

afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** Asks for a page and hangs up as soon as the first bytes of the answer arrive, or before. */
function askAndLeave(address: string, leaveAfterMs: number): Promise<void> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${address} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
      setTimeout(() => socket.destroy(), leaveAfterMs);
    });
    socket.on("data", () => socket.destroy());
    socket.on("close", () => resolve());
    socket.on("error", () => resolve());
  });
}

test("visitors who leave before their page arrives leave no error in the log, and the site keeps answering", async () => {
  const visits = [];
  for (let i = 0; i < 60; i++) {
    for (const address of ["/", "/about", "/services/cake", "/nope", "/contact"])
      visits.push(askAndLeave(address, i % 3));
  }
  await Promise.all(visits);
  expect((await fetch(`${server.url}/about`)).status).toBe(200);
  expect(server.logs.filter((line) => line.startsWith("stderr:"))).toEqual([]);
});
