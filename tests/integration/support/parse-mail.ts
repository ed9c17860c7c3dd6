import { type AddressObject, simpleParser } from "mailparser";

/** A received mail as a mail program shows it: decoded headers, and the text and HTML parts. */
export type ParsedMail = {
  raw: string;
  /** A header's value, decoded; an address header as its display text ("Name" <address>). */
  header(name: string): string | undefined;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

function isAddressObject(value: unknown): value is AddressObject {
  return typeof value === "object" && value !== null && "value" in value && "text" in value;
}

export async function parseMail(raw: string): Promise<ParsedMail> {
  const mail = await simpleParser(raw);
  return {
    raw,
    header(name) {
      const value = mail.headers.get(name.toLowerCase());
      if (value === undefined) return undefined;
      if (typeof value === "string") return value;
      if (isAddressObject(value)) return value.text;
      if (value instanceof Date) return value.toUTCString();
      return String(value);
    },
    text: mail.text ?? "",
    html: typeof mail.html === "string" ? mail.html : "",
    attachments: mail.attachments.map((file) => ({
      filename: file.filename ?? "",
      contentType: file.contentType,
      content: file.content,
    })),
  };
}
