import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineHashes } from "./csp.ts";

const sha = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

describe("inlineHashes", () => {
  it("hashes classic and module inline scripts exactly as written", () => {
    const html = `<script>window.x = 1;</script><script type="module">import "/a.js";\n</script>`;
    expect(inlineHashes(html).scripts).toEqual([sha("window.x = 1;"), sha('import "/a.js";\n')]);
  });

  it("hashes speculation rules, which the browser checks against the policy too", () => {
    const rules = '{"prefetch":[{"where":{"href_matches":"/*"}}]}';
    expect(inlineHashes(`<script type="speculationrules">${rules}</script>`).scripts).toEqual([sha(rules)]);
  });

  it("skips external scripts, data blocks and empty scripts", () => {
    const html = `<script src="/a.js"></script><script type="application/ld+json">{"a":1}</script><script></script>`;
    expect(inlineHashes(html).scripts).toEqual([]);
  });

  it("hashes inline stylesheets", () => {
    expect(inlineHashes("<style>body{margin:0}</style>").styles).toEqual([sha("body{margin:0}")]);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows scripts from this origin and the listed hashes only, never inline or eval", () => {
    const policy = contentSecurityPolicy({ scripts: ["sha256-abc"], styles: ["sha256-def"] });
    expect(policy).toContain("script-src 'self' 'sha256-abc'");
    expect(policy).toContain("style-src 'self' 'sha256-def'");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("allows no inline code at all without hashes", () => {
    expect(contentSecurityPolicy()).toContain("script-src 'self';");
  });
});
