import { type ArtworkKind, artworkKindExtensions } from "./artwork-kinds.ts";

const MAX_NAME_LENGTH = 120;

// C0 and C1 controls; the bidirectional marks, embeddings, overrides and isolates
// (U+061C, U+200E–F, U+202A–E, U+2066–9) that could show ".pdf" for ".exe"; and
// the invisible ones (zero-width U+200B–D, word joiner and invisible operators
// U+2060–4, U+180E, the byte-order mark) that make two names look alike.
const hiddenCharacters =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/**
 * A file's name as a buyer's device sent it, made safe to keep, show and
 * offer as a download's name: the last part of any path, no control,
 * direction or invisible characters, no leading dots, at most 120 characters
 * with the extension kept. The name is never trusted for anything else: not
 * the kind (decided from the content), not where the file is stored (its
 * random id).
 */
export function safeFileName(name: string): string {
  const base = name.normalize("NFC").split(/[/\\]/).pop() ?? "";
  const cleaned = base.replace(hiddenCharacters, "").replace(/\s+/g, " ").trim().replace(/^\.+/, "");
  if (cleaned === "") return "artwork";
  if (cleaned.length <= MAX_NAME_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, MAX_NAME_LENGTH - extension.length).trimEnd() + extension;
}

/**
 * The name a file is shown and saved under: its own when its extension is
 * one of the kind found in its content, else with that kind's extension
 * added (`brief.html` that is a PDF saves as `brief.html.pdf`), so that what
 * a double-click opens is what the file is, never what its name claims.
 */
export function nameForKind(name: string, kind: ArtworkKind): string {
  const extensions = artworkKindExtensions[kind];
  const dot = name.lastIndexOf(".");
  const own = dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
  return extensions.includes(own) ? name : `${name}.${extensions[0]}`;
}
