/**
 * The rules a staff password and a passkey's name keep, and what can be wrong
 * with a password; the words that say so are the staff area's content, keyed
 * by these ids and handed to the staff services at start (StaffWords).
 */

/** A password is at least this long: length is what makes a password hard to guess. */
export const PASSWORD_MIN_LENGTH = 12;
/** And at most this long, so no one can make the server hash a novel. */
export const PASSWORD_MAX_LENGTH = 256;

/** A link to set a password works this many hours after it was made (and once). */
export const LINK_LIFETIME_HOURS = 24;

/** A passkey's name, such as "work laptop", is at most this long. */
export const PASSKEY_NAME_MAX_LENGTH = 60;

export type PasswordProblem = "tooShort" | "tooLong" | "common" | "containsEmail" | "mismatch" | "missing";

export type PasswordProblemWords = {
  tooShort(min: number): string;
  tooLong(max: number): string;
  readonly common: string;
  readonly containsEmail: string;
  readonly mismatch: string;
  readonly missing: string;
};

/** What staff are told when signing in or confirming who they are is refused. */
export type SignInRefusalWords = {
  readonly missing: string;
  readonly wrong: string;
  readonly busy: string;
  readonly passkeyFailed: string;
  locked(minutes: number): string;
  readonly currentPasswordWrong: string;
};

/** The words the staff services answer with, from the staff area's content. */
export type StaffWords = { readonly signIn: SignInRefusalWords; readonly passwords: PasswordProblemWords };

/** A password problem in the words staff read, with the limit it breaks. */
export function describePasswordProblem(problem: PasswordProblem, words: PasswordProblemWords): string {
  if (problem === "tooShort") return words.tooShort(PASSWORD_MIN_LENGTH);
  if (problem === "tooLong") return words.tooLong(PASSWORD_MAX_LENGTH);
  return words[problem];
}
