import { contactFormExtras } from "../../../server/contact/contact-spec.ts";

/** The field only a bot fills in: out of sight and out of the tab order, but there for a bot to find. */
export function BotTrap({ id, label }: { id: string; label: string }) {
  return (
    <div className="contact-form__trap">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={contactFormExtras.honeypot} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
