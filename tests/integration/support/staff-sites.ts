import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, inject } from "vitest";
import type { Database } from "../../../app/server/store/db.server.ts";
import { openStore } from "../../../app/server/store/open-store.server.ts";
import { goodPassword, linkIn, runStaffCommand, uniqueStaffEmail } from "../../support/staff-command.ts";
import { type SiteServer, startSite } from "../../support/start-site.ts";
import { newTestStoreLocation, type TestStoreLocation } from "../../support/test-store.ts";

export const buildDir = inject("siteBuildDir");
export const dirs: string[] = [];
export const stores: TestStoreLocation[] = [];
export const servers: SiteServer[] = [];

/** Stops the servers site() started, and removes their stores and folders, after the file's tests. */
export function cleanUpStaffSites(): void {
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(stores.map((store) => store.remove()));
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });
}

export type Site = SiteServer & { dataDir: string; store: TestStoreLocation };

/** The server on a store of its own, on the engine under test. */
export async function site(env: Record<string, string> = {}): Promise<Site> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "staff-sign-in-"));
  dirs.push(dataDir);
  const store = await newTestStoreLocation("staff-sign-in");
  stores.push(store);
  const server = await startSite({ buildDir, dataDir, env: { ...store.env, ...env } });
  servers.push(server);
  return Object.assign(server, { dataDir, store });
}

/** `npm run staff` on the site's store, as an administrator of that server would run it. */
export function staffCommand(server: Site, ...args: string[]) {
  return runStaffCommand(args, server.dataDir, server.store.env);
}

export function form(fields: Record<string, string>): RequestInit {
  return {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  };
}

/** A request to the site, redirects left for the test to look at. */
export function ask(server: Site, pathname: string, init: RequestInit = {}, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${pathname}`, {
    ...init,
    redirect: "manual",
    headers: { ...(init.headers as Record<string, string> | undefined), ...headers },
  });
}

export type Account = { email: string; password: string };

/**
 * An account as staff make one: npm run staff -- add, then the password set
 * through the printed link. An owner unless asked for staff, as most tests
 * act for the company.
 */
export async function account(server: Site, role: "owner" | "staff" = "owner"): Promise<Account> {
  const email = uniqueStaffEmail();
  const password = goodPassword();
  const added = await staffCommand(server, "add", email, "Asha Verma", ...(role === "owner" ? ["--owner"] : []));
  const set = await ask(server, new URL(linkIn(added.stdout)).pathname, form({ password, repeat: password }));
  expect(set.status).toBe(303);
  return { email, password };
}

export function signIn(server: Site, { email, password }: Account, headers: Record<string, string> = {}) {
  return ask(server, "/inbox/sign-in", form({ email, password }), headers);
}

/** Signs in and answers the cookie to send back: "name=value". */
export async function session(server: Site, who: Account, headers: Record<string, string> = {}): Promise<string> {
  const response = await signIn(server, who, headers);
  expect(response.status).toBe(303);
  return (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

/** How the server knows a session: the SHA-256 of the id in its cookie. */
export function idHash(cookie: string): string {
  return createHash("sha256")
    .update(cookie.split("=")[1] ?? "", "utf8")
    .digest("base64url");
}

/** The site's store, opened beside the server for a test to change or read it directly. */
export async function inStore<T>(server: Site, work: (db: Database) => Promise<T>): Promise<T> {
  const db = await openStore(server.store.location, { busyWaitMs: 5000 });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** What an answer says, in the parts a refusal must keep the same. */
export async function answer(response: Response) {
  return {
    status: response.status,
    location: response.headers.get("location"),
    setCookie: response.headers.get("set-cookie"),
    body: await response.text(),
  };
}

export const refusal = { status: 303, location: "/inbox/sign-in", setCookie: null, body: "" };
