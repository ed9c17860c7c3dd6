import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser";
import { useEffect, useState } from "react";
import { staffSignInText as text } from "../content/sign-in.ts";
import { postForJson } from "./sign-in-fetch.ts";

type Props = {
  /** Where the server hands out a challenge for the passkey to sign. */
  optionsUrl: string;
  /** Where the signed answer goes; a good one starts a session and says where to go. */
  signInUrl: string;
  /** The line above the button and the button's name, when it confirms rather than signs in. */
  words?: { divider: string; button: string };
};

/**
 * "Sign in with a passkey": the browser asks the person to unlock a passkey
 * (fingerprint, face, PIN) and the server checks what it signed; no e-mail
 * address or password is typed. Shown only where the browser can do it, so
 * without a script the page is just the password form.
 */
export function PasskeySignIn({ optionsUrl, signInUrl, words }: Props) {
  const [supported, setSupported] = useState(false);
  const [working, setWorking] = useState(false);
  const [message, setMessage] = useState("");

  useEffect(() => setSupported(browserSupportsWebAuthn()), []);

  if (!supported) return null;

  async function signIn() {
    setWorking(true);
    setMessage(text.passkeyWorking);
    try {
      const offered = await postForJson(optionsUrl);
      const { options, error } = offered.answer;
      if (!offered.ok || !options) {
        setMessage(typeof error === "string" ? error : text.passkeyUnavailable);
        return;
      }
      let signed: Awaited<ReturnType<typeof startAuthentication>>;
      try {
        signed = await startAuthentication({
          optionsJSON: options as Parameters<typeof startAuthentication>[0]["optionsJSON"],
        });
      } catch {
        setMessage(text.passkeyCancelled);
        return;
      }
      const { ok, answer } = await postForJson(signInUrl, signed);
      if (ok && typeof answer.location === "string") {
        window.location.assign(answer.location);
        return;
      }
      setMessage(typeof answer.error === "string" ? answer.error : text.passkeyFailed);
    } catch {
      setMessage(text.passkeyUnavailable);
    } finally {
      setWorking(false);
    }
  }

  return (
    <div className="sign-in-passkey">
      <p>{words?.divider ?? text.passkeyDivider}</p>
      <button type="button" className="staff-button staff-button--quiet" onClick={signIn} disabled={working}>
        {words?.button ?? text.passkeyButton}
      </button>
      <p className="sign-in-passkey__message" role="status">
        {message}
      </p>
    </div>
  );
}
