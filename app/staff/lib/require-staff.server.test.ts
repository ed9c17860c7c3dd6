import { afterEach, describe, expect, test, vi } from "vitest";
import { openTestStore } from "../../../tests/support/test-store.ts";
import type { SiteServices } from "../../server/site-services.server.ts";
import { createStaffAccounts } from "../../server/staff/accounts.server.ts";
import { createStaffSessions } from "../../server/staff/sessions.server.ts";
import { staffPaths } from "../paths.ts";
import { requireOwner } from "./require-staff.server.ts";

// The sessions on a store of the test's own, in place of the running server's services.
const current = vi.hoisted(() => ({ services: undefined as unknown }));
vi.mock("../../server/site-services.server.ts", () => ({ siteServices: () => current.services }));

const opened: { remove(): Promise<void> }[] = [];

afterEach(async () => {
  for (const db of opened.splice(0)) await db.remove();
});

/** An owner and a staff member, each signed in: the request each would send to an owner's page. */
async function signedIn() {
  const db = await openTestStore("require-owner");
  opened.push(db);
  const accounts = createStaffAccounts(db);
  const sessions = createStaffSessions(db);
  current.services = { staff: { sessions } } as unknown as SiteServices;
  const requestAs = async (email: string, role: "owner" | "staff") => {
    const account = await accounts.add({ email, name: "Asha Verma", role });
    const { id } = await sessions.start(account.id);
    return new Request("http://127.0.0.1:3000/inbox/site", { headers: { Cookie: `staff-session=${id}` } });
  };
  return {
    owner: await requestAs("asha@example.com", "owner"),
    staff: await requestAs("ravi@example.com", "staff"),
    accounts,
  };
}

/** What requireOwner threw, as the root's error boundary reads it. */
async function refusal(request: Request) {
  const thrown = await requireOwner(request).then(
    () => undefined,
    (error: unknown) => error,
  );
  const init = (thrown as { init?: ResponseInit } | undefined)?.init;
  if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
  return { status: init?.status, location: null };
}

describe("requireOwner", () => {
  test("lets an owner through, with who they are", async () => {
    const { owner } = await signedIn();
    expect(await requireOwner(owner)).toMatchObject({ email: "asha@example.com", role: "owner" });
  });

  test("answers a signed-in staff member 403, and anyone without a session the sign-in redirect", async () => {
    const { staff } = await signedIn();
    expect(await refusal(staff)).toEqual({ status: 403, location: null });
    expect(await refusal(new Request("http://127.0.0.1:3000/inbox/site"))).toEqual({
      status: 303,
      location: staffPaths.signIn,
    });
  });

  test("goes by the role as it stands: made an owner, the same session passes", async () => {
    const { staff, accounts } = await signedIn();
    const ravi = await accounts.byEmail("ravi@example.com");
    await accounts.setRole(ravi?.id ?? 0, "owner");
    expect((await requireOwner(staff)).role).toBe("owner");
  });
});
