import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { isBusy } from "../store/db.server.ts";
import type { StaffAccount } from "./accounts.server.ts";
import { knownBrowserCookie, knownBrowserFrom, sessionCookie } from "./cookie.server.ts";
import type { SignInRefusalWords } from "./password-limits.ts";
import { HashingBusyError, type PasswordCheck } from "./passwords.server.ts";
import type { StaffServices } from "./staff.server.ts";
import { type ThrottleTicket, throttleKeys } from "./throttle.server.ts";
import { verifyPasskeySignIn } from "./webauthn.server.ts";

export type SignInOutcome =
  | { kind: "signed-in"; setCookies: readonly string[] }
  | { kind: "refused"; status: 400 | 429 | 503; message: string; retryAfterSeconds?: number };

/** Who an audit entry about a sign-in names: the account, or "unknown" (the text typed is not kept: it may be a password). */
export function auditActor(account: StaffAccount | undefined): string {
  return account?.email ?? "unknown";
}

/** A fresh session for the account, and the mark of a browser that signed in, as Set-Cookie headers; the sign-in is recorded. */
export async function startStaffSession(
  request: Request,
  account: StaffAccount,
  how: "password" | "passkey",
  clientAddress: string,
  staff: StaffServices,
  now = Date.now(),
): Promise<string[]> {
  const session = await staff.sessions.start(account.id, now);
  await staff.accounts.signedIn(account.id, now);
  await staff.audit.record({
    actor: account.email,
    action: "signed in",
    detail: `with a ${how}, from ${clientAddress}`,
  });
  return [
    sessionCookie(request, session.id, session.expiresAt, now),
    knownBrowserCookie(request, await staff.throttle.browserMark(account.id)),
  ];
}

/** What a client told to wait reads: the wait in whole minutes, never less than one. */
export function waitMessage(retryAfterMs: number, words: Pick<SignInRefusalWords, "locked">): string {
  return words.locked(Math.max(1, Math.ceil(retryAfterMs / 60_000)));
}

/** Records each wait a failure began: for the e-mail address typed, or for the client. */
export async function recordLocks(
  locks: readonly { key: string; until: number }[],
  accountKey: string | undefined,
  actor: string,
  clientAddress: string,
  staff: StaffServices,
): Promise<void> {
  for (const lock of locks) {
    const what =
      lock.key === accountKey
        ? "sign-in with this e-mail address"
        : lock.key.startsWith("network:")
          ? `sign-in from the network of ${clientAddress}`
          : `sign-in from ${clientAddress}`;
    const until = new Date(lock.until).toISOString();
    await staff.audit.record({ actor, action: "sign-in locked", detail: `${what} waits until ${until}` });
  }
}

export function lockedRefusal(
  retryAfterMs: number,
  words: SignInRefusalWords,
): Extract<SignInOutcome, { kind: "refused" }> {
  return {
    kind: "refused",
    status: 429,
    message: waitMessage(retryAfterMs, words),
    retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
  };
}

/**
 * Signs in with an e-mail address and password. The answer, and the time it
 * takes, are the same whether the address has an account or not: an unknown
 * address costs a password hash too, and its failures count and lock the
 * same. Five failures for an address typed, or from one client, make the
 * next attempt wait, longer after each further failure.
 */
export async function signInWithPassword(
  input: { email: string; password: string },
  request: Request,
  clientAddress: string,
  staff: StaffServices,
  now = Date.now(),
): Promise<SignInOutcome> {
  const email = input.email.trim();
  if (email === "" || input.password === "")
    return { kind: "refused", status: 400, message: staff.words.signIn.missing };
  try {
    const accountKey = await staff.throttle.accountKey(email);
    const account = await staff.accounts.byEmail(email);
    // A browser this account signed in from before is not held by the account's wait.
    const known = account !== undefined && (await staff.throttle.isKnownBrowser(knownBrowserFrom(request), account.id));
    const keys = known ? throttleKeys.client(clientAddress) : [accountKey, ...throttleKeys.client(clientAddress)];
    const ticket = await staff.throttle.begin(keys, now);
    // Attempts refused while waiting are not recorded one by one: anyone could fill the
    // database with them. The wait itself was, when the failure that began it was.
    if (!ticket.allowed) return lockedRefusal(ticket.retryAfterMs, staff.words.signIn);
    const check = await verifyOrGiveBack(staff, ticket, input.password, account?.passwordHash);
    if (!check) return busyRefusal(staff.words.signIn);
    if (check.ok && account?.passwordHash) {
      await staff.throttle.succeeded(ticket, accountKey);
      if (check.needsRehash) {
        await staff.accounts.rehash(account.id, account.passwordHash, await staff.passwords.hash(input.password));
      }
      return {
        kind: "signed-in",
        setCookies: await startStaffSession(request, account, "password", clientAddress, staff, now),
      };
    }
    const actor = auditActor(account);
    const why = account ? (account.passwordHash ? "wrong password" : "no password set yet") : "no such account";
    await staff.audit.record({ actor, action: "sign-in failed", detail: `${why}, from ${clientAddress}` });
    await recordLocks(ticket.locksIfFailed, accountKey, actor, clientAddress, staff);
    return { kind: "refused", status: 400, message: staff.words.signIn.wrong };
  } catch (error) {
    if (isBusy(error)) return { kind: "refused", status: 503, message: staff.words.signIn.busy, retryAfterSeconds: 30 };
    throw error;
  }
}

/** The server cannot take another password check now: refused at once, to be tried again in a few seconds. */
export function busyRefusal(words: SignInRefusalWords): Extract<SignInOutcome, { kind: "refused" }> {
  return { kind: "refused", status: 503, message: words.busy, retryAfterSeconds: 5 };
}

/**
 * Checks a password, or, when the line of checks is full, takes back the
 * attempt the throttle counted (it was never tried) and answers undefined.
 */
export async function verifyOrGiveBack(
  staff: StaffServices,
  ticket: Extract<ThrottleTicket, { allowed: true }>,
  password: string,
  stored: string | null | undefined,
): Promise<PasswordCheck | undefined> {
  try {
    return await staff.passwords.verify(password, stored);
  } catch (error) {
    if (!(error instanceof HashingBusyError)) throw error;
    await staff.throttle.succeeded(ticket);
    return undefined;
  }
}

/**
 * Signs in with a passkey alone. Its failures count against the client's
 * address like a wrong password; an account's own wait does not stop it, as a
 * passkey cannot be guessed, so someone who makes a colleague's account wait
 * by typing wrong passwords cannot keep them out.
 */
export async function signInWithPasskey(
  response: AuthenticationResponseJSON,
  request: Request,
  clientAddress: string,
  staff: StaffServices,
  now = Date.now(),
): Promise<SignInOutcome> {
  try {
    const ticket = await staff.throttle.begin(throttleKeys.client(clientAddress), now);
    if (!ticket.allowed) return lockedRefusal(ticket.retryAfterMs, staff.words.signIn);
    const account = await verifyPasskeySignIn(request, response, staff, now);
    if (account) {
      await staff.throttle.succeeded(ticket);
      return {
        kind: "signed-in",
        setCookies: await startStaffSession(request, account, "passkey", clientAddress, staff, now),
      };
    }
    await staff.audit.record({
      actor: "unknown",
      action: "sign-in failed",
      detail: `passkey not accepted, from ${clientAddress}`,
    });
    await recordLocks(ticket.locksIfFailed, undefined, "unknown", clientAddress, staff);
    return { kind: "refused", status: 400, message: staff.words.signIn.passkeyFailed };
  } catch (error) {
    if (isBusy(error)) return { kind: "refused", status: 503, message: staff.words.signIn.busy, retryAfterSeconds: 30 };
    throw error;
  }
}
