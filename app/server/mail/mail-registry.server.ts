import type { OutgoingMail } from "./messages.server.ts";
import type { ClaimedMail } from "./outbox.server.ts";

/** How one kind of mail is made when it is sent, and named in the log. */
export type MailBuilder<M extends ClaimedMail = ClaimedMail> = {
  /** The mail to send, made from the store as it is now; undefined when there is nothing left to say. */
  build(mail: M, signal: AbortSignal): Promise<OutgoingMail | undefined>;
  /** Names the mail in the log without anyone's details. */
  label(mail: M): string;
  /**
   * Goes to the company's own address: a refusal by the mail server is ours to
   * mend, so it keeps its retries. A stranger's address refused for good will
   * not start working, so such a mail fails at once.
   */
  toCompany?: boolean;
};

/** The builders of the outbox's mails, one per kind, registered by the room that owns the kind. */
export function createMailRegistry() {
  const builders = new Map<string, MailBuilder>();
  const of = (mail: ClaimedMail): MailBuilder => {
    const builder = builders.get(mail.kind);
    if (!builder) throw new Error(`No mail of kind "${mail.kind}" is known`);
    return builder;
  };
  return {
    register<M extends ClaimedMail>(kinds: readonly M["kind"][], builder: MailBuilder<M>): void {
      for (const kind of kinds) builders.set(kind, builder as unknown as MailBuilder);
    },
    build: (mail: ClaimedMail, signal: AbortSignal) => of(mail).build(mail, signal),
    label: (mail: ClaimedMail) => builders.get(mail.kind)?.label(mail) ?? `mail ${mail.id}`,
    toCompany: (mail: ClaimedMail) => builders.get(mail.kind)?.toCompany === true,
  };
}

export type MailRegistry = ReturnType<typeof createMailRegistry>;
