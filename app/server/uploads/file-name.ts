const MAX_NAME_LENGTH = 120;

/**
 * A file's name as a buyer's device sent it, made safe to keep, show and
 * offer as a download's name: the last part of any path, no control or
 * direction characters, no leading dots, at most 120 characters with the
 * extension kept. The name is never trusted for anything else: not the kind
 * (decided from the content), not where the file is stored (its random id).
 */
export function safeFileName(name: string): string {
  const base = name.normalize("NFC").split(/[/\\]/).pop() ?? "";
  const cleaned = base
    // C0 and C1 controls, and bidirectional overrides that could show ".pdf" for ".exe".
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  if (cleaned === "") return "artwork";
  if (cleaned.length <= MAX_NAME_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, MAX_NAME_LENGTH - extension.length).trimEnd() + extension;
}
