import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { StaffAccount } from "./accounts.server.ts";
import { ceremonyBindingFrom, ceremonyFor } from "./cookie.server.ts";
import { CHALLENGE_LIFETIME_MS, type ChallengeOwner, type KeptChallenge } from "./passkeys.server.ts";
import { PASSKEY_NAME_MAX_LENGTH } from "./password-limits.ts";
import type { StaffServices } from "./staff.server.ts";

/**
 * Passkeys (WebAuthn) through @simplewebauthn/server. The relying party is
 * the site as the request reached it: its host is the RP ID and its origin
 * the one the browser must report. That is the public address in production
 * (a trusted proxy says the scheme and host, TRUST_PROXY) and 127.0.0.1 or
 * localhost in tests. Taking them from the request is safe: the browser
 * writes the origin it really showed into what the authenticator signs, and a
 * post from another site's page never reaches this code (server/form-guards.ts).
 */
function relyingParty(request: Request): { rpID: string; origin: string } {
  const url = new URL(request.url);
  return { rpID: url.hostname, origin: url.origin };
}

/**
 * The signature algorithms passkeys may use: EdDSA, ES256 and RS256 (COSE
 * numbers), which every authenticator offers. Named here rather than left to
 * the library, which would probe Node's still experimental post-quantum
 * Web Crypto and warn in the server's log each time.
 */
const ALGORITHMS = [-8, -7, -257];

/** How long the browser may wait for the person to use their authenticator. */
const CEREMONY_TIMEOUT_MS = 2 * 60 * 1000;

/** A ceremony's options and the cookie that binds its challenge to this browser, or why none were given. */
export type CeremonyStart<Options> =
  | { options: Options; setCookie: string }
  | { refused: Exclude<KeptChallenge, "kept"> };

async function start<Options extends { challenge: string }>(
  request: Request,
  options: Options,
  keep: (binding: string) => Promise<KeptChallenge>,
): Promise<CeremonyStart<Options>> {
  const ceremony = ceremonyFor(request, CHALLENGE_LIFETIME_MS);
  const kept = await keep(ceremony.binding);
  return kept === "kept" ? { options, setCookie: ceremony.setCookie } : { refused: kept };
}

/** Options for adding a passkey to the signed-in account, counted against that account only. */
export async function addPasskeyOptions(
  request: Request,
  account: StaffAccount,
  staff: StaffServices,
  now = Date.now(),
): Promise<CeremonyStart<PublicKeyCredentialCreationOptionsJSON>> {
  const { rpID } = relyingParty(request);
  const existing = (await staff.passkeys.listFor(account.id)).map((passkey) => ({ id: passkey.credentialId }));
  const options = await generateRegistrationOptions({
    rpName: staff.relyingPartyName,
    rpID,
    userName: account.email,
    userDisplayName: account.name,
    userID: new Uint8Array(Buffer.from(account.webauthnUserId, "base64url")),
    attestationType: "none",
    excludeCredentials: existing,
    // A passkey the authenticator keeps (so it can be used with no e-mail typed),
    // unlocked by the person's fingerprint, face or PIN (so it is all that is needed).
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    supportedAlgorithmIDs: ALGORITHMS,
    timeout: CEREMONY_TIMEOUT_MS,
  });
  return start(request, options, (binding) =>
    staff.challenges.keep(options.challenge, "add-passkey", account.id, { client: "", network: "", binding }, now),
  );
}

/** Checks the new passkey and stores it; false when it is not good. */
export async function addPasskey(
  request: Request,
  account: StaffAccount,
  input: { name: string; response: RegistrationResponseJSON },
  staff: StaffServices,
  now = Date.now(),
): Promise<boolean> {
  const { rpID, origin } = relyingParty(request);
  const binding = ceremonyBindingFrom(request);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: async (challenge) =>
        binding !== undefined &&
        (await staff.challenges.take(challenge, "add-passkey", binding, now))?.staffId === account.id,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch {
    return false;
  }
  if (!verification.verified) return false;
  const { credential } = verification.registrationInfo;
  const added = await staff.passkeys.add(
    {
      credentialId: credential.id,
      staffId: account.id,
      name: input.name.trim().slice(0, PASSKEY_NAME_MAX_LENGTH) || "Passkey",
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
    },
    now,
  );
  if (added) await staff.audit.record({ actor: account.email, action: "passkey added", detail: input.name.trim() });
  return added;
}

/** Options for signing in with any passkey of this site, counted against the client that asks. */
export async function signInOptions(
  request: Request,
  client: Omit<ChallengeOwner, "binding">,
  staff: StaffServices,
  now = Date.now(),
): Promise<CeremonyStart<PublicKeyCredentialRequestOptionsJSON>> {
  const { rpID } = relyingParty(request);
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: "required",
    timeout: CEREMONY_TIMEOUT_MS,
  });
  return start(request, options, (binding) =>
    staff.challenges.keep(options.challenge, "sign-in", null, { ...client, binding }, now),
  );
}

/** The account a passkey's answer proves, or undefined. */
export async function verifyPasskeySignIn(
  request: Request,
  response: AuthenticationResponseJSON,
  staff: StaffServices,
  now = Date.now(),
): Promise<StaffAccount | undefined> {
  const passkey = await staff.passkeys.byCredentialId(response.id);
  const account = passkey ? await staff.accounts.byId(passkey.staffId) : undefined;
  if (!passkey || !account) return undefined;
  // The authenticator names the account it made the passkey for; it must be this one.
  if (response.response.userHandle !== undefined && response.response.userHandle !== account.webauthnUserId) {
    return undefined;
  }
  const { rpID, origin } = relyingParty(request);
  const binding = ceremonyBindingFrom(request);
  if (binding === undefined) return undefined;
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: async (challenge) =>
        (await staff.challenges.take(challenge, "sign-in", binding, now)) !== undefined,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: passkey.publicKey,
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
    if (!verification.verified) return undefined;
    await staff.passkeys.used(passkey.credentialId, verification.authenticationInfo.newCounter, now);
    return account;
  } catch {
    return undefined;
  }
}
