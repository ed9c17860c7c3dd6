/** The two mails every inquiry gets: the company's copy and the visitor's acknowledgement. */
export type MailKind = "company" | "acknowledgement";
export const mailKinds: readonly MailKind[] = ["company", "acknowledgement"];

/**
 * unknown: the whole message went to the mail server, which never confirmed it.
 * It may have arrived, so it is not sent again until staff say so.
 */
export type MailState = "pending" | "sent" | "failed" | "unknown";
