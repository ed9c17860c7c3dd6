import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { contentSecurityPolicy } from "../app/site/lib/csp.ts";
import { nginxMaps } from "./nginx-maps.ts";

function makeClientBuild(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "nginx-maps-"));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

/** The map's entries as [key, value] pairs, for one map of the generated file. */
function entries(text: string, variable: string): [string, string][] {
  const body = new RegExp(`map \\S+ \\${variable} \\{\\n([\\s\\S]*?)\\n\\}`).exec(text)?.[1] ?? "";
  return [...body.matchAll(/^ {4}"([^"]*)" "([^"]*)";$/gm)].map(([, key = "", value = ""]) => [key, value]);
}

describe("the maps nginx serves a build's files by", () => {
  const home = "<html><script>window.a=1</script><style>p{}</style><p>home</p></html>";
  const dir = makeClientBuild({
    "index.html": home,
    "about/index.html": "<p>about</p>",
    "services/cake/index.html": "<p>cake</p>",
    "_status/not-found/index.html": "<p>not found</p>",
    "assets/entry.client-Ab_9-x.js": "",
    "favicon.svg": "",
    "robots.txt": "",
    "about.data": "[]",
    ".well-known/security.txt": "",
    "images/odd name.png": "",
    "_status/logo.svg": "",
    "inbox/index.html": "<p>never prerendered, and not nginx's if it were</p>",
    "photos/0123456789abcdef-320.avif": "the photo library's files are in its folder or bucket, never the build's",
  });
  const text = nginxMaps(dir);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("each file at its own address; no page, nothing naming the site's address, nothing Node would refuse or redirect", () => {
    expect(entries(text, "$print_site_file")).toEqual([
      ["~^/assets/entry\\.client-Ab_9-x\\.js$", "/assets/entry.client-Ab_9-x.js"],
      ["~^/favicon\\.svg$", "/favicon.svg"],
    ]);
    expect(text).toContain('map $request_uri $print_site_file {\n    default "";');
  });

  test("the files go out with the policy Node sends with them", () => {
    expect(entries(text, "$print_site_policy")).toEqual([]);
    expect(text).toContain(`map $print_site_file $print_site_policy {\n    default "${contentSecurityPolicy()}";`);
  });
});
