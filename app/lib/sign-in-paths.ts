/**
 * The addresses of staff sign-in beyond the three every staff page knows
 * (`staffPaths` in urls.ts: the inbox, sign-in, sign-out). Kept apart from
 * urls.ts, whose code reaches every public page's script through the header;
 * nothing of sign-in should.
 */
export const signInPaths = {
  /** The signed-in person's own sign-in: passkeys, password, sign out everywhere. */
  account: "/inbox/account",
  /** The one-time link `npm run staff` prints; the token is the only secret in any address. */
  setPassword: (token: string) => `/inbox/set-password/${token}`,
  passkeySignInOptions: "/inbox/passkeys/sign-in-options",
  passkeySignIn: "/inbox/passkeys/sign-in",
  passkeyAddOptions: "/inbox/passkeys/add-options",
  passkeyAdd: "/inbox/passkeys/add",
} as const;
