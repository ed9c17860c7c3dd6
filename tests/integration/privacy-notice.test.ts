import { expect, test } from "vitest";
import { siteForTests } from "./support/site-for-tests.ts";

const site = siteForTests({ env: { INQUIRY_RETENTION_DAYS: "365", MAIL_TO: "leads@example.in" } });

test("the privacy notice states the retention and the inbox the server runs with, not the build's", async () => {
  const response = await fetch(`${site.server.url}/privacy`);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain("365 days after it arrived");
  expect(html).toContain("to our inbox (leads@example.in)");
  expect(html).toContain('<link rel="canonical" href="https://www.example.com/privacy"/>');
});
