import { describe, expect, test } from "vitest";
import { roleLine } from "../../app/staff/content/roles.ts";
import { account, ask, cleanUpStaffSites, session, site, staffCommand } from "./support/staff-sites.ts";

cleanUpStaffSites();

/** The account page's text as a person reads it: React writes an apostrophe as an entity. */
async function accountPage(server: Awaited<ReturnType<typeof site>>, cookie: string): Promise<string> {
  const response = await ask(server, "/inbox/account", {}, { Cookie: cookie });
  expect(response.status).toBe(200);
  return (await response.text()).replaceAll("&#x27;", "'");
}

describe("the account page", () => {
  test("says the person's role and what it lets them do, as the role stands at each visit", async () => {
    const server = await site();
    const owner = await account(server);
    const member = await account(server, "staff");
    expect(await accountPage(server, await session(server, owner))).toContain(
      "Role: owner — may publish the site and change company and tax settings",
    );

    const cookie = await session(server, member);
    const before = await accountPage(server, cookie);
    expect(before).toContain("Role: staff — may edit drafts of the site's content");
    expect(before).not.toContain(roleLine("owner"));

    expect((await staffCommand(server, "role", member.email, "owner")).code).toBe(0);
    expect(await accountPage(server, cookie)).toContain(roleLine("owner"));
  });
});
