import {
  LINK_LIFETIME_HOURS,
  PASSWORD_MIN_LENGTH,
  type PasswordProblemWords,
  type StaffWords,
} from "../../server/staff/password-limits.ts";

/**
 * The words of the staff area's sign-in screens: signing in, setting a
 * password through a link, the person's own sign-in settings.
 */

/** What a sign-in page says when its form came back in a shape no browser sends (readStaffForm). */
const formUnreadable = "The form could not be read. Reload the page and try again.";

export const staffSignInText = {
  title: "Staff sign-in",
  heading: "Staff sign-in",
  intro: "For the company's staff: the inquiries sent through the website.",
  email: "E-mail address",
  password: "Password",
  submit: "Sign in",
  passkeyDivider: "Or, on a device with your passkey:",
  passkeyButton: "Sign in with a passkey",
  passkeyWorking: "Waiting for your passkey…",
  /** The same words whether the address has an account or not. */
  wrong: "That e-mail address and password do not match an account. Check both and try again.",
  missing: "Enter your e-mail address and your password.",
  unreadable: formUnreadable,
  locked: (minutes: number) =>
    `Too many failed sign-ins. For your safety, sign-in is paused: try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
  passkeyFailed: "The passkey was not accepted. Try again, or sign in with your password.",
  passkeyCancelled: "No passkey was used. Try again, or sign in with your password.",
  passkeyUnavailable: "Passkey sign-in is not available just now. Sign in with your password.",
  busy: "The server is busy. Wait a moment and try again.",
  notices: {
    "password-set": "Your password is set. Sign in with it now.",
    "signed-out": "You are signed out.",
    "signed-out-everywhere": "You are signed out on every device.",
    "signed-out-everywhere-passkeys-removed":
      "You are signed out on every device, and your passkeys are removed. Add a new one once you are signed in.",
  },
} as const;

export type SignInNotice = keyof typeof staffSignInText.notices;

export const staffPasswordText: PasswordProblemWords = {
  tooShort: (min: number) =>
    `Use at least ${min} characters. A few unrelated words make a long password easy to remember.`,
  tooLong: (max: number) => `Use at most ${max} characters.`,
  common: "That password is one of the common passwords that attackers try first, or too close to one. Choose another.",
  containsEmail: "Choose a password that does not contain your e-mail address.",
  mismatch: "The two passwords are not the same. Type the new password twice.",
  missing: "Type the new password twice.",
};

export const setPasswordText = {
  title: "Set your password",
  heading: "Set your password",
  intro: (name: string) => `Welcome, ${name}. Choose the password you will sign in with.`,
  account: "Your account",
  newPassword: "New password",
  newPasswordHint: `At least ${PASSWORD_MIN_LENGTH} characters. Not a common password, and not your e-mail address.`,
  repeat: "Type it again",
  submit: "Set password",
  invalidTitle: "Link not valid",
  invalidHeading: "This link cannot be used",
  invalid: [
    `A link to set a password works once, for ${LINK_LIFETIME_HOURS} hours, and only the newest one for an account.`,
    "Ask whoever looks after the website for a new link. They make one with: npm run staff -- reset your@e-mail",
  ],
  toSignIn: "Go to the sign-in page",
  unreadable: formUnreadable,
} as const;

export const accountText = {
  title: "Your sign-in",
  heading: "Your sign-in",
  signedInAs: (name: string, email: string) => `Signed in as ${name} (${email}).`,
  backToInbox: "Back to the inbox",
  passkeysHeading: "Passkeys",
  passkeysIntro:
    "A passkey lets you sign in with your phone's or computer's screen lock instead of a password. It cannot be guessed or phished.",
  noPasskeys: "You have no passkeys yet.",
  passkeyAdded: (date: string) => `added ${date}`,
  passkeyLastUsed: (date: string) => `last used ${date}`,
  removePasskey: "Remove",
  removePasskeyLabel: (name: string) => `Remove the passkey ${name}`,
  confirmFirst:
    "To add a passkey, first confirm it is you: type your password below, or use a passkey you have. A passkey lets its holder in for good.",
  confirmPassword: "Your password",
  confirm: "Confirm",
  confirmWithPasskeyDivider: "Or, on a device with one of your passkeys:",
  confirmWithPasskey: "Confirm with a passkey",
  passkeyNeedsProof: "Confirm it is you on this page first, with your password or a passkey, then add the passkey.",
  passkeyName: "Name for the new passkey",
  passkeyNameHint: "Such as: work laptop, my phone.",
  addPasskey: "Add a passkey",
  addingPasskey: "Waiting for your device…",
  passkeyNotAdded: "The passkey was not added. Try again.",
  passkeyCancelled: "No passkey was added.",
  passkeyUnsupported: "This browser cannot make passkeys.",
  passwordHeading: "Change your password",
  currentPassword: "Current password",
  currentPasswordWrong: "The current password is not right.",
  newPassword: "New password",
  repeat: "Type the new password again",
  changePassword: "Change password",
  passwordChangedNote: "Changing your password signs you out on every other device.",
  sessionsHeading: "Devices",
  sessionsIntro: "Signed in on a device you no longer have, or someone else's? Sign out everywhere, this device too.",
  signOut: "Sign out",
  signOutEverywhere: "Sign out everywhere",
  removePasskeysToo: "Remove my passkeys too",
  removePasskeysHint:
    "Do this if someone else may have used your account: a passkey they added would still let them in.",
  notices: {
    "passkey-added": "The passkey is added. Next time, sign in with it.",
    "passkey-removed": "The passkey is removed.",
    "password-changed": "Your password is changed, and every other device is signed out.",
    confirmed: "Thank you. You can add a passkey in the next few minutes.",
  },
} as const;

export type AccountNotice = keyof typeof accountText.notices;

/** The words the staff services answer sign-ins and password changes with (handed to them at start). */
export const staffWords: StaffWords = {
  signIn: {
    missing: staffSignInText.missing,
    wrong: staffSignInText.wrong,
    busy: staffSignInText.busy,
    passkeyFailed: staffSignInText.passkeyFailed,
    locked: staffSignInText.locked,
    currentPasswordWrong: accountText.currentPasswordWrong,
  },
  passwords: staffPasswordText,
};
