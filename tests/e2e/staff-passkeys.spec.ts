import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { CDPSession } from "@playwright/test";
import { noticesTo } from "../support/mailbox.ts";
import { createStaffAccount, setPasswordThroughLink, signIn } from "../support/staff.ts";
import { goodPassword, uniqueStaffEmail } from "../support/staff-command.ts";
import { expect, type Page, test } from "./fixtures.ts";

// Every password set or checked costs a deliberately slow hash (about half a
// second, more on a busy machine), and these tests set and check several.
test.describe.configure({ timeout: 90_000 });

/**
 * WebAuthn needs a domain: browsers refuse an IP address as the relying
 * party. The site under test answers on 127.0.0.1, which "localhost" also
 * reaches, so these tests use that name; the server takes the relying party
 * from the address the request came to.
 */
function localhost(baseURL: string | undefined, path: string): string {
  const url = new URL(path, baseURL);
  url.hostname = "localhost";
  return url.href;
}

/**
 * Chromium's virtual authenticator, as on a phone or laptop with a screen
 * lock: it keeps passkeys, verifies the person (always yes here) and is
 * touched at once.
 */
async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test("a signed-in person adds a passkey, then signs in with it alone", async ({ page, baseURL, consoleProblems }) => {
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  const email = uniqueStaffEmail();
  const password = goodPassword();
  await setPasswordThroughLink(page, await createStaffAccount(email, "Asha Verma"), password, localhost(baseURL, "/"));
  await signIn(page, email, password, localhost(baseURL, "/"));

  await page.goto(localhost(baseURL, "/inbox/account"));
  await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
  await page.getByLabel("Name for the new passkey").fill("Work laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("The passkey is added.")).toBeVisible();
  await expect(page.getByText("Work laptop", { exact: true })).toBeVisible();
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  // Its owner is told by mail, in case it was someone else holding the session.
  await expect
    .poll(async () => (await noticesTo(email)).map((mail) => mail.subject))
    .toEqual(["A passkey was added to your staff account"]);
  expect((await noticesTo(email))[0]?.text).toContain('A passkey named "Work laptop" was added');

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByText("You are signed out.")).toBeVisible();

  // No e-mail address, no password: the passkey alone.
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.waitForURL((url) => url.pathname === "/inbox");
  await page.goto(localhost(baseURL, "/inbox/account"));
  await expect(page.getByText(`Signed in as Asha Verma (${email}).`)).toBeVisible();
  await expect(page.getByText(/Work laptop, added .*, last used /)).toBeVisible();

  // Removed, it signs no one in.
  await page.getByRole("button", { name: "Remove the passkey Work laptop" }).click();
  await expect(page.getByText("The passkey is removed.")).toBeVisible();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByText("The passkey was not accepted. Try again, or sign in with your password.")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/inbox/sign-in");
  // The refusal's 400, which the browser logs; nothing else.
  expect(consoleProblems.splice(0)).toEqual([expect.stringMatching(/status of 400 .*\/inbox\/passkeys\/sign-in\)$/)]);
});

test("a device with no passkey for this site signs no one in", async ({ page, baseURL }) => {
  await addVirtualAuthenticator(page);
  await page.goto(localhost(baseURL, "/inbox/sign-in"));
  // The authenticator holds no passkey for this site: the browser finds none and gives up.
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByText(/No passkey was used|The passkey was not accepted/)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/inbox/sign-in");
});

/** Makes every session's last proof of who holds it older than adding a passkey accepts. */
function ageEveryProof(): void {
  // The server writes to the same file meanwhile: wait out its lock rather than fail at once.
  const db = new DatabaseSync(path.join(process.env.E2E_DATA_DIR ?? "", "inquiries.sqlite"), { timeout: 5000 });
  try {
    db.prepare("UPDATE staff_sessions SET proved_at = 0").run();
  } finally {
    db.close();
  }
}

test("a passkey the person has confirms who they are before another is added, and leads only back to the account page", async ({
  page,
  baseURL,
}) => {
  await addVirtualAuthenticator(page);
  const email = uniqueStaffEmail();
  const password = goodPassword();
  await setPasswordThroughLink(page, await createStaffAccount(email, "Ravi Kumar"), password, localhost(baseURL, "/"));
  await signIn(page, email, password, localhost(baseURL, "/"));
  await page.goto(localhost(baseURL, "/inbox/account"));
  await page.getByLabel("Name for the new passkey").fill("Phone");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("The passkey is added.")).toBeVisible();

  ageEveryProof();
  await page.goto(localhost(baseURL, "/inbox/account"));
  await expect(page.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "Your password" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm with a passkey" }).click();
  await page.waitForURL((url) => url.pathname === "/inbox/account" && url.searchParams.get("notice") === "confirmed");
  await expect(page.getByText("Thank you. You can add a passkey in the next few minutes.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add a passkey" })).toBeVisible();

  // Any other "then" than the account page leads to the inbox, never to another site.
  ageEveryProof();
  await page.goto(localhost(baseURL, "/inbox/account"));
  await page.route("**/inbox/passkeys/sign-in?then=account", (route) =>
    route.continue({ url: route.request().url().replace("then=account", "then=https%3A%2F%2Fevil.example%2F") }),
  );
  await page.getByRole("button", { name: "Confirm with a passkey" }).click();
  await page.waitForURL((url) => url.pathname === "/inbox");
  expect(new URL(page.url()).hostname).toBe("localhost");
});
