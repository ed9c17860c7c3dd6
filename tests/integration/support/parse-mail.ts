/**
 * Just enough of a mail reader for the tests: headers (folded lines joined,
 * encoded words decoded) and the text and HTML parts, decoded, as a mail
 * program would show them.
 */
export type ParsedMail = {
  raw: string;
  header(name: string): string | undefined;
  text: string;
  html: string;
};

type Part = { headers: Map<string, string>; body: string };

export function parseMail(raw: string): ParsedMail {
  const root = splitPart(raw);
  const leaves = collectLeaves(root);
  const find = (type: string) => {
    const part = leaves.find((leaf) => (leaf.headers.get("content-type") ?? "text/plain").startsWith(type));
    return part ? decodeBody(part) : "";
  };
  return {
    raw,
    header: (name) => {
      const value = root.headers.get(name.toLowerCase());
      return value === undefined ? undefined : decodeWords(value);
    },
    text: find("text/plain"),
    html: find("text/html"),
  };
}

function splitPart(source: string): Part {
  const normalized = source.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectLeaves(part: Part): Part[] {
  const type = part.headers.get("content-type") ?? "";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.startsWith("multipart/") || !boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1);
  return sections
    .filter((section) => !section.startsWith("--"))
    .flatMap((section) => collectLeaves(splitPart(section.replace(/^\n/, ""))));
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  return part.body.replace(/\n$/, "");
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\n/g, "");
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? "";
    const hex = text.slice(i + 1, i + 3);
    if (char === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047: =?UTF-8?Q?...?= and =?UTF-8?B?...?=, with the space between two such words dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_match, _charset: string, mode: string, content: string) => {
      if (mode.toUpperCase() === "B") return Buffer.from(content, "base64").toString("utf8");
      return decodeQuotedPrintable(content.replace(/_/g, " "));
    });
}
