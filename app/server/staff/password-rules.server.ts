import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type PasswordProblem } from "./password-limits.ts";

let common: ReadonlySet<string> | undefined;

/**
 * About 50,000 passwords, most used first, from leaked password lists (the
 * list zxcvbn ships). Read on first use: only setting a password needs it.
 */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary["passwords-common"]);
  return common;
}

/** Characters as a person counts them, not UTF-16 units. */
function length(text: string): number {
  return [...text.normalize("NFC")].length;
}

/**
 * True when the password is a common one, or one with digits and signs added
 * at either end ("iloveyou2024!"), or a short run repeated ("abcabcabcabc"):
 * the first guesses of anyone who tries passwords.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.normalize("NFC").toLowerCase();
  if (isCommonWord(lower)) return true;
  const unit = /^(.+?)\1+$/su.exec(lower)?.[1];
  return unit !== undefined && (unit.length <= 4 || isCommonWord(unit));
}

function isCommonWord(text: string): boolean {
  const list = commonPasswords();
  if (list.has(text)) return true;
  const core = text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
  return core.length >= 4 && list.has(core);
}

/** What is wrong with a new password, in words for the person choosing it; undefined when it will do. */
export function passwordProblem(password: string, account: { email: string }): PasswordProblem | undefined {
  const count = length(password);
  if (count < PASSWORD_MIN_LENGTH) return "tooShort";
  if (count > PASSWORD_MAX_LENGTH) return "tooLong";
  if (isCommonPassword(password)) return "common";
  const mailbox = account.email.split("@")[0]?.toLowerCase() ?? "";
  if (mailbox.length >= 4 && password.toLowerCase().includes(mailbox)) return "containsEmail";
  return undefined;
}
