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
};

export function createStaffServices(
  db: Database,
  audit: AuditLog,
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
  };
}
