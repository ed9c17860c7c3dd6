import { expect } from "vitest";
import type { StoreLocation } from "../../../app/server/store/db.server.ts";
import { goodPassword, linkIn, runStaffCommand, uniqueStaffEmail } from "../../support/staff-command.ts";

/** A running site on a data folder and SQLite file of its own. */
type OwnSite = { url: string; dataDir: string; store: StoreLocation };

/** The quote form's token, as a visitor's browser gets it with the page. */
export async function formToken(target: { url: string }): Promise<string> {
  const html = await (await fetch(`${target.url}/quote?service=cake`)).text();
  const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error("No form token on the quote page");
  return token;
}

let clients = 0;
/** A client of its own behind the trusted proxy, so that no test spends another's rate limit. */
export function client(): Record<string, string> {
  clients += 1;
  return { "X-Forwarded-For": `198.51.100.${clients}` };
}

export function postQuote(
  target: { url: string },
  fields: [string, string][] | string,
  headers: Record<string, string> = {},
) {
  return fetch(`${target.url}/quote?service=cake`, {
    method: "POST",
    body: typeof fields === "string" ? fields : new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    redirect: "manual",
  });
}

export type Part = [string, string] | ["artwork", { name: string; bytes: Buffer }];

/** The form as a page without a script sends it: one multipart post, the parts in the order given. */
export function postMultipart(target: { url: string }, parts: Part[], headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.bytes)]), value.name);
  }
  return fetch(`${target.url}/quote?service=cake`, { method: "POST", body: form, headers, redirect: "manual" });
}

/** The request's fields with these files where the form has its file input (after the notes). */
export function withFiles(fields: [string, string][], files: { name: string; bytes: Buffer }[]): Part[] {
  const notes = fields.findIndex(([name]) => name === "notes");
  const artwork = files.map((file): Part => ["artwork", file]);
  return [...fields.slice(0, notes + 1), ...artwork, ...fields.slice(notes + 1)];
}

/** A staff account made as staff make one (npm run staff -- add, then its link), signed in: its cookie. */
export async function staffSession(target: OwnSite, storeEnv?: Record<string, string>): Promise<string> {
  const email = uniqueStaffEmail("artwork");
  const password = goodPassword();
  const databasePath = "sqliteFile" in target.store ? target.store.sqliteFile : "";
  const added = await runStaffCommand(
    ["add", email, "Asha Verma"],
    target.dataDir,
    storeEnv ?? { DATABASE_PATH: databasePath },
  );
  expect(added.code, added.stderr).toBe(0);
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    body: new URLSearchParams(fields),
    redirect: "manual" as const,
  });
  const set = await fetch(
    `${target.url}${new URL(linkIn(added.stdout)).pathname}`,
    form({ password, repeat: password }),
  );
  expect(set.status).toBe(303);
  const signedIn = await fetch(`${target.url}/inbox/sign-in`, form({ email, password }));
  expect(signedIn.status).toBe(303);
  return (signedIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}
