import { browserSupportsWebAuthn, startRegistration } from "@simplewebauthn/browser";
import { useEffect, useId, useState } from "react";
import { accountText as text } from "../content/sign-in.ts";
import { postForJson } from "./sign-in-fetch.ts";
import { StaffField } from "./staff-field.tsx";

type Props = {
  /** Where the server hands out the options for a new passkey of the signed-in account. */
  optionsUrl: string;
  /** Where the new passkey goes; a good one is stored and the answer says where to go. */
  addUrl: string;
  nameMaxLength: number;
};

/**
 * Adds a passkey to the signed-in account: the browser makes one on this
 * device (or a phone or security key) and the server stores its public key.
 * Passkeys need a script, so without one this says so and the rest of the
 * page works as before.
 */
export function PasskeyAdd({ optionsUrl, addUrl, nameMaxLength }: Props) {
  const [supported, setSupported] = useState<boolean | undefined>(undefined);
  const [working, setWorking] = useState(false);
  const [message, setMessage] = useState("");
  const id = useId();

  useEffect(() => setSupported(browserSupportsWebAuthn()), []);

  if (supported === undefined) return null;
  if (!supported) return <p>{text.passkeyUnsupported}</p>;

  async function add(form: HTMLFormElement) {
    const name = String(new FormData(form).get("name") ?? "");
    setWorking(true);
    setMessage(text.addingPasskey);
    try {
      const offered = await postForJson(optionsUrl);
      const { options } = offered.answer;
      if (!offered.ok || !options) {
        setMessage(text.passkeyNotAdded);
        return;
      }
      let made: Awaited<ReturnType<typeof startRegistration>>;
      try {
        made = await startRegistration({
          optionsJSON: options as Parameters<typeof startRegistration>[0]["optionsJSON"],
        });
      } catch {
        setMessage(text.passkeyCancelled);
        return;
      }
      const { ok, answer } = await postForJson(addUrl, { name, response: made });
      if (ok && typeof answer.location === "string") {
        window.location.assign(answer.location);
        return;
      }
      setMessage(text.passkeyNotAdded);
    } catch {
      setMessage(text.passkeyNotAdded);
    } finally {
      setWorking(false);
    }
  }

  return (
    <form
      className="staff-form"
      onSubmit={(event) => {
        event.preventDefault();
        void add(event.currentTarget);
      }}
    >
      <StaffField id={`${id}-name`} label={text.passkeyName} hint={text.passkeyNameHint}>
        {(described) => <input id={`${id}-name`} name="name" type="text" maxLength={nameMaxLength} {...described} />}
      </StaffField>
      <div>
        <button type="submit" className="staff-button" disabled={working}>
          {text.addPasskey}
        </button>
      </div>
      <p role="status">{message}</p>
    </form>
  );
}
