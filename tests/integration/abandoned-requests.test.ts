import { connect } from "node:net";
import { expect, test } from "vitest";
import { siteForTests } from "./support/site-for-tests.ts";

const site = siteForTests();

/** Asks for a page and hangs up as soon as the first bytes of the answer arrive, or before. */
function askAndLeave(address: string, leaveAfterMs: number): Promise<void> {
  const { hostname, port } = new URL(site.server.url);
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
  expect((await fetch(`${site.server.url}/about`)).status).toBe(200);
  expect(site.server.logs.filter((line) => line.startsWith("stderr:"))).toEqual([]);
});
