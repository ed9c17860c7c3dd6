import type { StaffAccount } from "./accounts.server.ts";
import { describePasswordProblem, type PasswordProblem } from "./password-limits.ts";
import { passwordProblem } from "./password-rules.server.ts";
import {
  auditActor,
  busyRefusal,
  lockedRefusal,
  recordLocks,
  type SignInOutcome,
  startStaffSession,
  verifyOrGiveBack,
} from "./sign-in.server.ts";
import type { StaffServices } from "./staff.server.ts";
import { throttleKeys } from "./throttle.server.ts";

export type NewPassword = { password: string; repeat: string };

/** What is wrong with the new password as typed twice; undefined when it will do. */
export function newPasswordProblem(input: NewPassword, account: { email: string }): PasswordProblem | undefined {
  if (input.password === "" || input.repeat === "") return "missing";
  if (input.password !== input.repeat) return "mismatch";
  return passwordProblem(input.password, account);
}

export type LinkOutcome =
  | { kind: "done" }
  | { kind: "invalid-link" }
  | { kind: "refused"; status: 400; message: string };

/**
 * Sets a password through a one-time link: the link is used up, every
 * session of the account ends, and the account's failed sign-ins are
 * forgotten (whoever holds the link proved they are the person).
 */
export async function setPasswordThroughLink(
  token: string,
  input: NewPassword,
  staff: StaffServices,
  now = Date.now(),
): Promise<LinkOutcome> {
  const link = await staff.links.find(token, now);
  const account = link ? await staff.accounts.byId(link.staffId) : undefined;
  if (!link || !account) return { kind: "invalid-link" };
  const problem = newPasswordProblem(input, account);
  if (problem)
    return { kind: "refused", status: 400, message: describePasswordProblem(problem, staff.words.passwords) };
  const hash = await staff.passwords.hash(input.password);
  if (!(await staff.links.setPassword(token, account.id, hash, now))) return { kind: "invalid-link" };
  await staff.throttle.clear(await staff.throttle.accountKey(account.email));
  await staff.audit.record({
    actor: account.email,
    action: "password set",
    detail: link.purpose === "add" ? "first password, through the link of a new account" : "through a reset link",
  });
  return { kind: "done" };
}

export type ChangeOutcome = SignInOutcome | { kind: "refused"; status: 400; message: string; field: "current" | "new" };

/**
 * Changes the signed-in person's password. The current one is checked first,
 * counted like a sign-in (a session left open on a shared computer must not
 * let anyone try passwords at leisure). Then every session of the account
 * ends, and this browser gets a new one.
 */
export async function changePassword(
  account: StaffAccount,
  input: { current: string } & NewPassword,
  request: Request,
  clientAddress: string,
  staff: StaffServices,
  now = Date.now(),
): Promise<ChangeOutcome> {
  const problem = newPasswordProblem(input, account);
  if (problem) {
    return {
      kind: "refused",
      status: 400,
      message: describePasswordProblem(problem, staff.words.passwords),
      field: "new",
    };
  }
  const accountKey = await staff.throttle.accountKey(account.email);
  const ticket = await staff.throttle.begin([accountKey, ...throttleKeys.client(clientAddress)], now);
  if (!ticket.allowed) return lockedRefusal(ticket.retryAfterMs, staff.words.signIn);
  const check = await verifyOrGiveBack(staff, ticket, input.current, account.passwordHash);
  if (!check) return busyRefusal(staff.words.signIn);
  if (!check.ok) {
    await staff.audit.record({
      actor: auditActor(account),
      action: "password change failed",
      detail: `wrong current password, from ${clientAddress}`,
    });
    await recordLocks(ticket.locksIfFailed, accountKey, account.email, clientAddress, staff);
    return { kind: "refused", status: 400, message: staff.words.signIn.currentPasswordWrong, field: "current" };
  }
  await staff.throttle.succeeded(ticket, accountKey);
  await staff.accounts.setPassword(account.id, await staff.passwords.hash(input.password), now);
  await staff.audit.record({ actor: account.email, action: "password changed", detail: "every session ended" });
  return {
    kind: "signed-in",
    setCookies: await startStaffSession(request, account, "password", clientAddress, staff, now),
  };
}

/**
 * The signed-in person types their password again, counted like a sign-in:
 * the session then counts as freshly proved (FRESH_PROOF_MS), which adding a
 * passkey needs. Answers undefined when it was right.
 */
export async function confirmPassword(
  account: StaffAccount,
  sessionId: string,
  password: string,
  clientAddress: string,
  staff: StaffServices,
  now = Date.now(),
): Promise<Extract<SignInOutcome, { kind: "refused" }> | undefined> {
  const accountKey = await staff.throttle.accountKey(account.email);
  const ticket = await staff.throttle.begin([accountKey, ...throttleKeys.client(clientAddress)], now);
  if (!ticket.allowed) return lockedRefusal(ticket.retryAfterMs, staff.words.signIn);
  const check = await verifyOrGiveBack(staff, ticket, password, account.passwordHash);
  if (!check) return busyRefusal(staff.words.signIn);
  if (!check.ok) {
    await staff.audit.record({
      actor: account.email,
      action: "password confirmation failed",
      detail: `from ${clientAddress}`,
    });
    await recordLocks(ticket.locksIfFailed, accountKey, account.email, clientAddress, staff);
    return { kind: "refused", status: 400, message: staff.words.signIn.currentPasswordWrong };
  }
  await staff.throttle.succeeded(ticket, accountKey);
  await staff.sessions.proved(sessionId, now);
  return undefined;
}
