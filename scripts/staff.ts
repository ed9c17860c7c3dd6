import "./require-node.mjs";
import { createAuditLog } from "../app/server/inbox/audit.server.ts";
import { formatIndiaTime } from "../app/server/inbox/report.server.ts";
import {
  isEmailAddress,
  normalizeEmail,
  type StaffAccount,
  StaffAccountExistsError,
} from "../app/server/staff/accounts.server.ts";
import type { LinkPurpose } from "../app/server/staff/links.server.ts";
import { LINK_LIFETIME_HOURS } from "../app/server/staff/password-limits.ts";
import { isStaffRole, STAFF_ROLES, type StaffRole } from "../app/server/staff/roles.ts";
import { createStaffServices, type StaffServices } from "../app/server/staff/staff.server.ts";
import { site } from "../app/site/content/site.ts";
import { absoluteUrl } from "../app/site/content/urls.ts";
import { staffWords } from "../app/staff/content/sign-in.ts";
import { staffPaths } from "../app/staff/paths.ts";
import { commandStoreDescription, commandStoreExists, openCommandDatabase } from "./lib/command-database.ts";

const usage = `Staff accounts for the inbox (/inbox), on the server's database.

  npm run staff -- add <email> <name> [--owner]
                                        adds an account and prints a link where the person sets a password;
                                        staff unless --owner
  npm run staff -- list                 lists the accounts and their roles
  npm run staff -- role <email> owner|staff
                                        changes the account's role; the last owner stays an owner
  npm run staff -- reset <email>        the password and passkeys stop working now and the person is signed out
                                        everywhere; prints a new link to set one
  npm run staff -- remove <email>       removes the account, its sessions and passkeys

An owner publishes the site and changes the company's details, its tax settings and the accounts;
staff edit drafts of the site's content.

A link works once, for ${LINK_LIFETIME_HOURS} hours; a newer link for the same account replaces it.
Send it to the person only, by a way you trust: whoever opens it can set the password.
No password is ever typed on the command line.

The database is the server's: DATA_DIR or DATABASE_PATH, as for the server (default data/inquiries.sqlite),
or the PostgreSQL database of DATABASE_URL when that is set.
`;

const commands = ["add", "list", "role", "reset", "remove"];

/** The one option there is, which only add takes. */
const OWNER_OPTION = "--owner";

function when(ms: number | null): string {
  return ms === null ? "never" : formatIndiaTime(ms);
}

/** Names and addresses come from the command line or the database; control characters are shown, not obeyed. */
function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u{${c.charCodeAt(0).toString(16)}}`);
}

function linkText(token: string): string {
  return (
    `Send this link to them (it works once, for ${LINK_LIFETIME_HOURS} hours):\n\n` +
    `  ${absoluteUrl(site.origin, staffPaths.setPassword(token))}\n`
  );
}

async function issueLink(staff: StaffServices, staffId: number, email: string, purpose: LinkPurpose) {
  const token = await staff.links.issue(staffId, purpose);
  await staff.audit.record({ actor: "system", action: "password link issued", detail: `${purpose} for ${email}` });
  return token;
}

async function changeRole(staff: StaffServices, account: StaffAccount, args: string[]): Promise<number> {
  const [role, ...extra] = args;
  if (!isStaffRole(role) || extra.length > 0) {
    process.stderr.write(`Give the role after the e-mail address: ${STAFF_ROLES.join(" or ")}.\n\n${usage}`);
    return 2;
  }
  const who = `${printable(account.name)} <${printable(account.email)}>`;
  const outcome = await staff.accounts.setRole(account.id, role);
  if (outcome === "last-owner") {
    process.stderr.write(
      `${who} is the only owner, and the site needs one. Make someone else an owner first:\n` +
        "  npm run staff -- role <their email> owner\n",
    );
    return 1;
  }
  if (outcome === "unchanged") {
    process.stdout.write(`${who} is already ${roleName(role)}.\n`);
    return 0;
  }
  await staff.audit.record({
    actor: "system",
    action: "staff role changed",
    detail: `${account.email}: ${account.role} → ${role}`,
  });
  process.stdout.write(`${who} is now ${roleName(role)}, from their next page on.\n`);
  return 0;
}

function roleName(role: StaffRole): string {
  return role === "owner" ? "an owner" : "staff";
}

async function run(staff: StaffServices, command: string, args: string[]): Promise<number> {
  if (command === "list") {
    const accounts = await staff.accounts.list();
    if (accounts.length === 0) {
      process.stdout.write('No staff accounts yet. Add one with: npm run staff -- add <email> "<name>"\n');
      return 0;
    }
    process.stdout.write(
      `${accounts.length} staff ${accounts.length === 1 ? "account" : "accounts"} (times in India):\n`,
    );
    for (const account of accounts) {
      const password = account.passwordHash ? "password set" : "NO PASSWORD YET (waiting for the link)";
      const passkeys = `${account.passkeys} ${account.passkeys === 1 ? "passkey" : "passkeys"}`;
      process.stdout.write(
        `\n  ${printable(account.email)}  ${printable(account.name)}  (${account.role})\n` +
          `    ${password}, ${passkeys}; added ${when(account.createdAt)}, last sign-in ${when(account.lastSignInAt)}\n`,
      );
    }
    return 0;
  }

  const owner = args.includes(OWNER_OPTION);
  const [given = "", ...rest] = args.filter((arg) => arg !== OWNER_OPTION);
  const email = normalizeEmail(given);
  if (!isEmailAddress(email)) {
    process.stderr.write(`"${printable(given)}" is not an e-mail address.\n\n${usage}`);
    return 2;
  }

  if (command === "add") {
    const name = rest.join(" ").trim();
    if (name === "" || name.length > 100) {
      process.stderr.write(`Give the person's name (up to 100 characters) after the e-mail address.\n\n${usage}`);
      return 2;
    }
    let account: Awaited<ReturnType<StaffServices["accounts"]["add"]>>;
    try {
      account = await staff.accounts.add({ email, name, role: owner ? "owner" : "staff" });
    } catch (error) {
      if (!(error instanceof StaffAccountExistsError)) throw error;
      process.stderr.write(`${error.message} To give them a new link: npm run staff -- reset ${email}\n`);
      return 1;
    }
    await staff.audit.record({ actor: "system", action: "staff added", detail: `${email} as ${account.role}` });
    const token = await issueLink(staff, account.id, email, "add");
    process.stdout.write(`Added ${printable(account.name)} <${email}> as ${account.role}.\n${linkText(token)}`);
    return 0;
  }

  const account = await staff.accounts.byEmail(email);
  if (!account) {
    process.stderr.write(`There is no account for ${email}. "npm run staff -- list" shows them all.\n`);
    return 1;
  }

  if (command === "role") return changeRole(staff, account, rest);

  if (command === "reset") {
    await staff.accounts.clearPassword(account.id);
    // A passkey planted with a stolen session would outlive everything else a reset ends.
    const removed = await staff.passkeys.removeAll(account.id);
    const passkeys = `${removed} ${removed === 1 ? "passkey" : "passkeys"}`;
    await staff.audit.record({
      actor: "system",
      action: "password reset",
      detail: `${email}: password cleared, every session ended, ${passkeys} removed`,
    });
    const token = await issueLink(staff, account.id, email, "reset");
    process.stdout.write(
      `The password of ${printable(account.name)} <${email}> no longer works, and they are signed out everywhere.\n` +
        `Their ${passkeys} ${removed === 1 ? "was" : "were"} removed: once signed in, they can add new ones.\n${linkText(token)}`,
    );
    return 0;
  }

  if (command === "remove") {
    await staff.accounts.remove(account.id);
    await staff.audit.record({ actor: "system", action: "staff removed", detail: email });
    process.stdout.write(`Removed ${printable(account.name)} <${email}>, with their sessions and passkeys.\n`);
    return 0;
  }

  process.stderr.write(`Unknown command "${printable(command)}".\n\n${usage}`);
  return 2;
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (command === undefined || command === "help" || command === "--help" || command === "-h") {
    process.stdout.write(usage);
    return command === undefined ? 2 : 0;
  }
  if (!commands.includes(command)) {
    process.stderr.write(`Unknown command "${printable(command)}".\n\n${usage}`);
    return 2;
  }
  // No other options: above all none for a password, which would stay in the shell's history.
  const option = args.find((arg) => arg.startsWith("-") && !(command === "add" && arg === OWNER_OPTION));
  if (option !== undefined) {
    process.stderr.write(
      `"${printable(option)}": npm run staff takes no option but ${OWNER_OPTION} (when adding); a password is never given here.\n\n${usage}`,
    );
    return 2;
  }

  const store = commandStoreDescription();
  if (store === undefined) return 1;
  // Listing must not make a database where there is none; adding the first account on a fresh install does.
  if (command !== "add" && !commandStoreExists()) {
    process.stdout.write(`No staff accounts yet: there is no database at ${store}.\n`);
    return command === "list" ? 0 : 1;
  }

  const db = await openCommandDatabase();
  if (!db) return 1;
  try {
    return await run(
      createStaffServices(db, createAuditLog(db), { words: staffWords, relyingPartyName: site.name }),
      command,
      args,
    );
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
