import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { internationalDigits } from "../../app/server/contact/indian-phone.ts";
import { createContentStore } from "../../app/server/content/content-store.server.ts";
import { openStore } from "../../app/server/store/open-store.server.ts";
import { companySeed } from "../../app/site/content/site.ts";
import { statusPagesPath } from "../../app/site/content/urls.ts";
import { findPrerenderedPages } from "../../server/prerendered-pages.ts";
import { goodFields } from "../integration/support/contact-form.ts";
import type { SiteServer } from "../support/start-site.ts";
import { type Answer, send, siteHost } from "./support/nginx.ts";
import {
  answeredBy,
  buildDir,
  ca,
  hiddenFields,
  instances,
  meaningfulHeaders,
  proxy,
  RATE_LIMIT,
  requestIdOf,
  sendInquiryThroughProxy,
  smtp,
  startProxiedSite,
  store,
  straightToInstance,
  visit,
} from "./support/proxied-site.ts";

startProxiedSite();

describe("what nginx serves, from the build or from an instance", () => {
  test("every page, robots.txt and the sitemap are Node's: the same body and headers through nginx as straight from an instance", async () => {
    const pages = [...findPrerenderedPages(path.join(buildDir, "client")).keys()].filter(
      (page) => !page.startsWith(`${statusPagesPath}/`),
    );
    expect(pages.length).toBeGreaterThan(10);
    for (const page of [...pages, "/robots.txt", "/sitemap.xml"]) {
      const [viaNginx, fromNode] = await Promise.all([
        visit(page),
        straightToInstance(instances[0] as SiteServer, page),
      ]);
      expect({ page, status: viaNginx.status }).toEqual({ page, status: 200 });
      expect({ page, headers: meaningfulHeaders(viaNginx.headers) }).toEqual({
        page,
        headers: meaningfulHeaders(fromNode.headers),
      });
      expect(viaNginx.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect(viaNginx.headers["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
      expect(viaNginx.body).toBe(fromNode.body);
      // Asked of an instance, which holds the version the company last published.
      expect({ page, answeredBy: await answeredBy(requestIdOf(viaNginx)) }).not.toEqual({ page, answeredBy: "-" });
    }
  });

  test("hashed assets (a year, immutable) and other public files (an hour), with Node's headers", async () => {
    // Pages name no script until a visitor turns to an island, so one is taken from the build.
    const script = readdirSync(path.join(buildDir, "client", "assets")).find((file) => file.endsWith(".js"));
    expect(script).toBeDefined();
    const files = [`/assets/${script}`, "/favicon.svg", "/images/share.png"];
    for (const file of files) {
      const [viaNginx, fromNode] = await Promise.all([
        visit(file),
        straightToInstance(instances[0] as SiteServer, file),
      ]);
      expect({ file, status: viaNginx.status }).toEqual({ file, status: 200 });
      const { "content-type": nginxType, ...nginxHeaders } = meaningfulHeaders(viaNginx.headers);
      const { "content-type": nodeType, ...nodeHeaders } = meaningfulHeaders(fromNode.headers);
      expect({ file, headers: nginxHeaders }).toEqual({ file, headers: nodeHeaders });
      // The names differ at times (application/javascript against text/javascript); the kind does not.
      expect(String(nginxType).split("/")[1]?.split(";")[0]?.replace("javascript", "js")).toBe(
        String(nodeType).split("/")[1]?.split(";")[0]?.replace("javascript", "js"),
      );
      expect(viaNginx.body).toBe(fromNode.body);
      expect({ file, answeredBy: await answeredBy(requestIdOf(viaNginx)) }).toEqual({ file, answeredBy: "-" });
    }
    expect((await visit(`/assets/${script}`)).headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await visit("/favicon.svg")).headers["cache-control"]).toBe("public, max-age=3600");
  });

  test("pages, scripts and styles go out compressed to a browser that accepts it", async () => {
    for (const target of ["/about", "/no-script.css"]) {
      const answer = await visit(target, { headers: { "Accept-Encoding": "gzip" } });
      expect({ target, encoding: answer.headers["content-encoding"] }).toEqual({ target, encoding: "gzip" });
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  test("a page comes through nginx as Node encoded it, byte for byte: brotli, gzip or as it is, with Vary, its ETag and 304", async () => {
    const instance = instances[0] as SiteServer;
    for (const page of ["/", "/hi"]) {
      for (const [accept, encoding] of [
        ["br, gzip", "br"],
        ["gzip", "gzip"],
        ["", undefined],
      ] as const) {
        const headers: Record<string, string> = accept ? { "Accept-Encoding": accept } : {};
        const [viaNginx, fromNode] = await Promise.all([
          visit(page, { headers }),
          straightToInstance(instance, page, headers),
        ]);
        const what = { page, accept };
        expect({ ...what, encoding: viaNginx.headers["content-encoding"] }).toEqual({ ...what, encoding });
        // Neither compressed again nor decoded on the way: the bytes Node keeps for that encoding.
        expect(viaNginx.bytes.equals(fromNode.bytes), JSON.stringify(what)).toBe(true);
        expect(viaNginx.headers["content-length"]).toBe(String(fromNode.bytes.length));
        // A cache between the two keeps each encoding apart: Node's Vary, nothing added to it.
        expect(fromNode.headers.vary).toBe("Accept-Encoding");
        expect(viaNginx.headers.vary).toBe(fromNode.headers.vary);
        expect(viaNginx.headers.etag).toBe(fromNode.headers.etag);
        const again = await visit(page, { headers: { ...headers, "If-None-Match": String(viaNginx.headers.etag) } });
        expect({ ...what, status: again.status }).toEqual({ ...what, status: 304 });
      }
    }
  });
});

describe("what nginx passes to Node", () => {
  const cases: [target: string, status: number, location?: string][] = [
    ["/contact", 200],
    ["/contact?service=box", 200],
    ["/about?from=newsletter", 200],
    ["/privacy", 200],
    ["/healthz", 200],
    ["/readyz", 200],
    ["/about/", 301, "/about"],
    ["//about", 301, "/about"],
    ["/about/index.html", 301, "/about"],
    ["/index.html", 301, "/"],
    ["/services//cake", 301, "/services/cake"],
    // A spelling with escapes is sent to the one the router matches, before anything decides what it is.
    ["/%61bout", 301, "/about"],
    ["/%69nbox", 301, "/inbox"],
    // React Router matches addresses in any case; nginx's map does not, and leaves them to it.
    ["/About", 200],
    ["/no-such-page", 404],
    ["/assets/no-such-file.js", 404],
    [`${statusPagesPath}/not-found`, 404],
    [`${statusPagesPath}/not-found/index.html`, 301, `${statusPagesPath}/not-found`],
    ["/.env", 404],
    ["/inbox", 303],
  ];

  test.each(cases)("%s: %i from Node, with its own security headers", async (target, status, location) => {
    const answer = await visit(target);
    expect(answer.status).toBe(status);
    if (location !== undefined) expect(answer.headers.location).toBe(location);
    expect(answer.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    // Node saw HTTPS through the one proxy it trusts, so it sends HSTS itself, once.
    expect(answer.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    // Node sends back the id nginx gave the request, which leads to nginx's line for it.
    expect(await answeredBy(requestIdOf(answer))).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  test("a form posted to a page's address goes to Node, not to the page's file", async () => {
    const answer = await visit("/about", {
      body: "name=x",
      headers: { Origin: `https://${siteHost}:${proxy.httpsPort}` },
    });
    expect(answer.status).not.toBe(200);
    expect(answer.status).toBeLessThan(500);
    expect(answer.headers["content-security-policy"]).toBeDefined();
  });
});

describe("plain HTTP", () => {
  test("is sent to the same address on HTTPS, on the site's own host name whatever the request says", async () => {
    const http = { scheme: "http" as const, port: proxy.httpPort, host: siteHost };
    for (const target of ["/about?from=print", "/contact", "//evil.example/x"]) {
      const answer = await send(http, target);
      expect(answer.status).toBe(301);
      expect(answer.headers.location).toBe(`https://${siteHost}${target}`);
    }
    const post = await send(http, "/contact", { body: "name=x" });
    expect(post.status).toBe(301);
    expect(post.headers.location).toBe(`https://${siteHost}/contact`);
  });

  test("a request for any other host name gets no answer at all", async () => {
    await expect(send({ scheme: "http", port: proxy.httpPort, host: "evil.example" }, "/about")).rejects.toThrow();
    await expect(
      send({ scheme: "https", port: proxy.httpsPort, ca }, "/about", { headers: { Host: "evil.example" } }),
    ).rejects.toThrow();
  });
});

describe("the contact form through nginx", () => {
  test("page, post, thank-you page, the inquiry stored once and its mail delivered", async () => {
    const { fields, answer, reference } = await sendInquiryThroughProxy("127.0.0.2");
    expect(answer.status).toBe(303);
    expect(reference).toBeDefined();
    expect(answer.headers.location).toMatch(/^\/contact\?/);

    const thanks = await visit(answer.headers.location as string, { from: "127.0.0.2" });
    expect(thanks.status).toBe(200);
    expect(thanks.body).toContain(reference);

    expect((await store.references()).filter((stored) => stored === reference)).toHaveLength(1);
    await expect
      .poll(() => smtp.mails.find((mail) => mail.header("subject")?.includes(reference as string)), { timeout: 20_000 })
      .toBeDefined();
    const company = smtp.mails.find((mail) => mail.header("subject") === `Inquiry ${reference}: ${fields.msg_subject}`);
    expect(company?.envelope.to).toEqual(["sales@example.com"]);
  });

  test("headers a visitor writes to pass for the proxy are replaced by nginx's own", async () => {
    // A forged X-Forwarded-Host that matches the forged Origin does not get a form from another site past Node.
    const crossSite = await sendInquiryThroughProxy("127.0.0.3", {
      headers: { Origin: "https://evil.example", "X-Forwarded-Host": "evil.example" },
    });
    expect(crossSite.answer.status).toBe(403);
    // Nor does X-Forwarded-Proto make Node believe in plain HTTP.
    const page = await visit("/contact", { headers: { "X-Forwarded-Proto": "http" } });
    expect(page.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  test("the rate limit counts the address nginx saw, across both instances, whatever X-Forwarded-For says", async () => {
    const from = "127.0.0.4";
    const hidden = hiddenFields((await visit("/contact", { from })).body);
    const answers: Answer[] = [];
    // Posts alone, one after another: nginx hands them to the instances in turn.
    for (let i = 0; i < RATE_LIMIT + 2; i++) {
      const forged = `198.51.100.${1 + Math.floor(Math.random() * 250)}, 203.0.113.${i + 1}`;
      answers.push(
        await visit("/contact", {
          from,
          body: new URLSearchParams({ ...goodFields(), ...hidden }).toString(),
          headers: { Origin: `https://${siteHost}:${proxy.httpsPort}`, "X-Forwarded-For": forged },
        }),
      );
    }
    expect(answers.map((answer) => answer.status)).toEqual([303, 303, 303, 429, 429]);
    // Both instances answered some of them: the count is the store's, not one instance's.
    const upstreams = await Promise.all(answers.map((answer) => answeredBy(requestIdOf(answer))));
    expect(new Set(upstreams).size).toBe(2);
  });
});

describe("a publication behind nginx", () => {
  test("the company's new phone number is what every visitor gets from both instances within 5 seconds", async () => {
    const newPhone = "+91 90123 45678";
    const before = await Promise.all(instances.map((instance) => straightToInstance(instance, "/")));
    expect(before.map((answer) => answer.body.includes(newPhone))).toEqual([false, false]);
    const publishedAt = await publishPhone(newPhone);
    let seen: boolean[] = [];
    while (Date.now() - publishedAt < 5000) {
      const answers = await Promise.all([visit("/"), visit("/"), visit("/contact"), visit("/sitemap.xml")]);
      seen = answers.slice(0, 3).map((answer) => answer.body.includes(newPhone));
      if (seen.every(Boolean)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen).toEqual([true, true, true]);
    const direct = await Promise.all(instances.map((instance) => straightToInstance(instance, "/about")));
    expect(direct.map((answer) => answer.body.includes(newPhone))).toEqual([true, true]);
  });
});

/** Publishes a new phone number in the shared store, as an owner does from the staff area; answers when. */
async function publishPhone(phone: string): Promise<number> {
  const db = await openStore({ postgresUrl: store.env.DATABASE_URL as string });
  try {
    const owner = await db.get<{ id: number | string }>(
      "INSERT INTO staff (email, name, webauthn_user_id, created_at, role) VALUES ('owner@example.in', 'Owner', 'owner-id', 0, 'owner') RETURNING id",
    );
    const content = createContentStore({ db, seeds: { company: companySeed } });
    const { published } = await content.state("company");
    const digits = `+${internationalDigits(phone)}`;
    await content.saveDraft(
      "company",
      { ...companySeed, phone: { display: phone, e164: digits } },
      { basedOn: published.version, by: Number(owner?.id) },
    );
    await content.publish(["company"], Number(owner?.id));
    return Date.now();
  } finally {
    await db.close();
  }
}
