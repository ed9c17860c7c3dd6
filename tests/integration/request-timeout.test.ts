import net from "node:net";
import { expect, test } from "vitest";
import { sendInquiry } from "./support/contact-form.ts";
import { siteForTests } from "./support/site-for-tests.ts";

const site = siteForTests({ env: { REQUEST_TIMEOUT_SECONDS: "1" }, perTest: true });

type Stalled = { answer: string; closedAfterMs: number; stillOpen: boolean };

/**
 * Sends the start of a request and nothing more, as a very slow or hostile
 * client does. Settles when the server closes the connection, or after
 * `giveUpMs`, so that a server that never does fails the test rather than
 * hanging it.
 */
function sendAndStall(url: string, start: string, giveUpMs = 10_000): Promise<Stalled> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let sentAt = 0;
    const settle = (stillOpen: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({
        answer: Buffer.concat(chunks).toString("latin1"),
        closedAfterMs: performance.now() - sentAt,
        stillOpen,
      });
    };
    const timer = setTimeout(() => settle(true), giveUpMs);
    socket.on("connect", () => {
      sentAt = performance.now();
      socket.write(start);
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("close", () => settle(false));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET") reject(error);
    });
  });
}

function postHead(host: string, declaredLength: number): string {
  return [
    "POST /contact HTTP/1.1",
    `Host: ${host}`,
    "Content-Type: application/x-www-form-urlencoded",
    `Content-Length: ${declaredLength}`,
    "",
    "",
  ].join("\r\n");
}

test("a form whose body stops arriving gets 408 once the time allowed has passed, and others are served meanwhile", async () => {
  const host = new URL(site.server.url).host;
  const stalled = sendAndStall(site.server.url, `${postHead(host, 2000)}name=Asha+Verma&email=asha%40exam`);

  const page = await fetch(`${site.server.url}/about`);
  expect(page.status).toBe(200);
  expect(await sendInquiry(site.server.url)).toMatch(/^ENQ-/);

  const { answer, closedAfterMs, stillOpen } = await stalled;
  expect(stillOpen).toBe(false);
  expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  expect(closedAfterMs).toBeGreaterThan(900);
  expect(closedAfterMs).toBeLessThan(3000);

  // The server goes on as before.
  expect(await sendInquiry(site.server.url)).toMatch(/^ENQ-/);
  expect(site.server.logs.filter((line) => line.startsWith("stderr:"))).toEqual([]);
});

test("headers that never finish get 408 sooner still", async () => {
  const host = new URL(site.server.url).host;
  const { answer, closedAfterMs, stillOpen } = await sendAndStall(
    site.server.url,
    `GET /about HTTP/1.1\r\nHost: ${host}\r\nAccept: text/ht`,
  );
  expect(stillOpen).toBe(false);
  expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  expect(closedAfterMs).toBeLessThan(2000);
});

/** Sends a request's head, then a piece of its body every `everyMs`, `pieces` times, and reads the answer. */
function sendSlowly(url: string, head: string, pieces: string[], everyMs: number): Promise<Stalled> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const sentAt = performance.now();
    socket.on("connect", async () => {
      socket.write(head);
      for (const piece of pieces) {
        await new Promise((wait) => setTimeout(wait, everyMs));
        if (socket.destroyed) return;
        socket.write(piece);
      }
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("close", () =>
      resolve({
        answer: Buffer.concat(chunks).toString("latin1"),
        closedAfterMs: performance.now() - sentAt,
        stillOpen: false,
      }),
    );
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET") reject(error);
    });
  });
}

function multipartHead(host: string, boundary: string, length: number): string {
  return [
    "POST /quote?service=cake HTTP/1.1",
    `Host: ${host}`,
    `Content-Type: multipart/form-data; boundary=${boundary}`,
    `Content-Length: ${length}`,
    "Connection: close",
    "",
    "",
  ].join("\r\n");
}

test("a form post with files may take longer than the time allowed, as long as its bytes keep coming", async () => {
  const host = new URL(site.server.url).host;
  const boundary = "----slowupload";
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="notes"\r\n\r\n${"x".repeat(40)}\r\n--${boundary}--\r\n`;
  const pieces = body.match(/[\s\S]{1,12}/g) ?? [];
  // Pieces every 0.4 s for well over the 1 s allowed for a whole request.
  const { answer, closedAfterMs } = await sendSlowly(
    site.server.url,
    multipartHead(host, boundary, body.length),
    pieces,
    400,
  );
  expect(closedAfterMs).toBeGreaterThan(1500);
  // Read to the end and answered (the form is refused: it is not a whole quote request), not cut off with 408.
  expect(answer).toMatch(/^HTTP\/1\.1 (400|403) /);
});

test("a form post with files that stops sending is cut once it has been silent for the time allowed", async () => {
  const host = new URL(site.server.url).host;
  const boundary = "----stalledupload";
  const { stillOpen, closedAfterMs } = await sendAndStall(
    site.server.url,
    `${multipartHead(host, boundary, 5000)}--${boundary}\r\nContent-Disposition: form-data; name="notes"\r\n\r\nabc`,
  );
  expect(stillOpen).toBe(false);
  expect(closedAfterMs).toBeGreaterThan(900);
  expect(closedAfterMs).toBeLessThan(3000);
  // The server goes on as before.
  expect((await fetch(`${site.server.url}/about`)).status).toBe(200);
});
