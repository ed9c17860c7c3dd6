import type { AuditLog } from "../inbox/audit.server.ts";
import type { Database } from "../store/db.server.ts";
import { createStaffAccounts, type StaffAccounts } from "./accounts.server.ts";
import { createStaffLinks, type StaffLinks } from "./links.server.ts";
import {
  createStaffChallenges,
  createStaffPasskeys,
  type StaffChallenges,
  type StaffPasskeys,
} from "./passkeys.server.ts";
import type { StaffWords } from "./password-limits.ts";
import { createPasswordHasher, type PasswordHasher, type ScryptCost } from "./passwords.server.ts";
import { createStaffSessions, type StaffSessions } from "./sessions.server.ts";
import { createSignInThrottle, type SignInThrottle, type ThrottlePolicy } from "./throttle.server.ts";

/** Everything staff sign-in needs, on one database; the server holds one set (app/server/site-services.server.ts). */
export type StaffServices = {
  accounts: StaffAccounts;
  links: StaffLinks;
  sessions: StaffSessions;
  throttle: SignInThrottle;
  passkeys: StaffPasskeys;
  challenges: StaffChallenges;
  passwords: PasswordHasher;
  audit: AuditLog;
  /** The staff area's words for refused sign-ins and passwords. */
  words: StaffWords;
  /** The name a passkey is made for, as the device shows it: the company's. */
  relyingPartyName: string;
};

/** What the staff services are handed by their caller: their words and the company's name. */
export type StaffContent = Pick<StaffServices, "words" | "relyingPartyName">;

export function createStaffServices(
  db: Database,
  audit: AuditLog,
  content: StaffContent,
  options: { passwordCost?: ScryptCost; throttle?: ThrottlePolicy } = {},
): StaffServices {
  return {
    accounts: createStaffAccounts(db),
    links: createStaffLinks(db),
    sessions: createStaffSessions(db),
    throttle: createSignInThrottle(db, options.throttle),
    passkeys: createStaffPasskeys(db),
    challenges: createStaffChallenges(db),
    passwords: createPasswordHasher(options.passwordCost),
    audit,
    ...content,
  };
}
