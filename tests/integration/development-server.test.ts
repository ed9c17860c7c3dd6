import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { freePort } from "../support/free-port.ts";
import { type SiteServer, startSite } from "../support/start-site.ts";
import { rawRequest } from "./support/raw-http.ts";

const buildDir = inject("siteBuildDir");
const dirs: string[] = [];
let development: SiteServer;
let production: SiteServer;
/** Given as `npm run dev -- --port N` is, over the PORT setting the test server starts with. */
let developmentPort: number;

beforeAll(async () => {
  const [devData, prodData] = await Promise.all([
    mkdtemp(path.join(tmpdir(), "dev-server-")),
    mkdtemp(path.join(tmpdir(), "prod-server-")),
  ]);
  dirs.push(devData, prodData);
  developmentPort = await freePort();
  [development, production] = await Promise.all([
    startSite({ buildDir, dataDir: devData, development: true, args: ["--port", String(developmentPort)] }),
    startSite({ buildDir, dataDir: prodData }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([development?.stop(), production?.stop()]);
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A policy's directives with the hashes taken out: which inline scripts a page has differs, the rules may not. */
function policyRules(policy: string | undefined): string[] {
  return (policy ?? "").split(";").map((directive) => directive.replace(/ 'sha256-[^']+'/g, "").trim());
}

const SECURITY_HEADERS = ["x-content-type-options", "referrer-policy", "permissions-policy", "x-frame-options"];

describe("npm run dev runs the production server's app", () => {
  test("npm run dev -- --port N listens on N", () => {
    expect(new URL(development.url).port).toBe(String(developmentPort));
  });

  test("a page carries the same security headers and policy rules as in production", async () => {
    const [dev, prod] = await Promise.all([
      rawRequest(development.url, "/about"),
      rawRequest(production.url, "/about"),
    ]);
    expect(dev.status).toBe(200);
    // Modules straight from the source, as Vite serves them in development.
    expect(dev.body).toContain("/app/site/routes/about.tsx");
    for (const name of SECURITY_HEADERS) expect(dev.headers[name], name).toBe(prod.headers[name]);
    expect(policyRules(dev.headers["content-security-policy"])).toEqual(
      policyRules(prod.headers["content-security-policy"]),
    );
    expect(dev.rawHeaders.filter(([name]) => name === "content-security-policy")).toHaveLength(1);
  });

  test("a cross-site post to /contact is refused with the page in the frame, as in production", async () => {
    const form = {
      method: "POST",
      body: "name=Asha",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    };
    for (const server of [development, production]) {
      const response = await rawRequest(server.url, "/contact", {
        ...form,
        headers: { ...form.headers, Origin: "https://evil.example" },
      });
      expect(response.status).toBe(403);
      expect(response.body).toContain("This form was sent from another website");
    }
  });

  test("the same canonical addresses and body limit", async () => {
    const slash = await rawRequest(development.url, "//evil.example/");
    expect(slash.status).toBe(301);
    expect(slash.headers.location).toBe("/evil.example");
    const large = await rawRequest(development.url, "/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `message=${"a".repeat(70 * 1024)}`,
    });
    expect(large.status).toBe(413);
  });

  test("hot reloading: Vite's update channel answers on the server's own port", async () => {
    const socket = new WebSocket(development.url.replace(/^http/, "ws"), "vite-hmr");
    const first = await new Promise<string>((resolve, reject) => {
      socket.addEventListener("message", (event) => resolve(String(event.data)), { once: true });
      socket.addEventListener("error", () => reject(new Error("The update channel refused the connection")));
    });
    socket.close();
    expect(JSON.parse(first)).toMatchObject({ type: "connected" });
  });
});
