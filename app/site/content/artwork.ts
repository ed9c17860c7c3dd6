import { type ArtworkKindWords, artworkKinds, formatBytes } from "../../server/uploads/artwork-kinds.ts";
import { message } from "./message.ts";
import type { WordsOf } from "./words-of.ts";

/** Each kind as the form names it to a buyer: the formats' own names, the same in every language. */
const kindNames: ArtworkKindWords = {
  pdf: "PDF",
  ai: "AI",
  eps: "EPS",
  cdr: "CDR (CorelDRAW)",
  psd: "PSD",
  tiff: "TIFF",
  png: "PNG",
  jpeg: "JPEG",
  svg: "SVG",
  zip: "ZIP",
};

const names = artworkKinds.map((kind) => kindNames[kind]);

/**
 * The words of the artwork part of the quote request, as its island shows
 * them: plain strings, with {placeholders} for a file's name, a count or a
 * size ({maxSize}) and the kinds taken ({kinds}), so that a page in another
 * language can hand the island its own as props.
 */
export const artworkWords = {
  legend: "Artwork files (optional)",
  label: "Choose files",
  /** The kinds taken, {list} the first ones joined by commas. */
  kinds: "{list} or {last}",
  hint:
    "Up to {maxFiles} files, each up to {maxSize}: {kinds}. " +
    "On a slow or broken connection the upload carries on where it stopped.",
  kept: "Files received with this request",
  /** The buttons of a file's row, as they show; a screen reader hears the longer words below with the file's name. */
  buttons: { pause: "Pause", resume: "Resume", cancel: "Cancel", remove: "Remove" },
  remove: "Remove {name}",
  pause: "Pause {name}",
  resume: "Resume {name}",
  cancel: "Cancel {name}",
  progress: "Uploading {name}",
  received: "{name} received",
  /** Beside the file's name in its row: the name is said once. */
  receivedState: "Received",
  pausedState: "Paused",
  paused: "{name} paused",
  retrying: "Connection lost: {name} carries on when it is back",
  waitingToSend: "Your request is sent as soon as the last file has arrived.",
  tooLarge: "“{name}” is larger than {maxSize}, the largest file we take. Send a smaller or zipped file.",
  tooMany: "At most {maxFiles} files can be sent with one request; put the others in a ZIP.",
  wrongKind: "“{name}” is not a file we can take: we accept {kinds}, and check the file itself, not its name.",
  clientQuota:
    "You have uploaded as much as we take at once without a request. Send your request with the files you have, or cancel a file you no longer need.",
  storageFull:
    "We cannot take more files right now: our file storage is full. Send your request without the files, and we will ask for them.",
  gone: "This upload is no longer here: choose the file again.",
  reload: "The form has expired: reload the page and choose the file again.",
  failed: "“{name}” could not be uploaded. Choose it again to try once more.",
  unavailable: "Files cannot be received right now. Try again in a minute.",
};

export type ArtworkWords = WordsOf<typeof artworkWords>;

/** The artwork part's words with their placeholders filled in: the picker's, and the server's refusals (ArtworkRefusalWords). */
export function artworkTextIn(words: ArtworkWords) {
  const kinds = message(words.kinds, { list: names.slice(0, -1).join(", "), last: names.at(-1) ?? "" });
  const named = (template: string) => (name: string) => message(template, { name });
  return {
    ...words,
    kinds,
    hint: (maxFiles: number, maxFileBytes: number) =>
      message(words.hint, { maxFiles, maxSize: formatBytes(maxFileBytes), kinds }),
    remove: named(words.remove),
    pause: named(words.pause),
    resume: named(words.resume),
    cancel: named(words.cancel),
    progress: named(words.progress),
    received: named(words.received),
    paused: named(words.paused),
    retrying: named(words.retrying),
    failed: named(words.failed),
    tooLarge: (name: string, maxFileBytes: number) =>
      message(words.tooLarge, { name, maxSize: formatBytes(maxFileBytes) }),
    tooMany: (maxFiles: number) => message(words.tooMany, { maxFiles }),
    wrongKind: (name: string) => message(words.wrongKind, { name, kinds }),
  };
}

export type ArtworkText = ReturnType<typeof artworkTextIn>;

/** The artwork part's words in English, in the form and in the server's refusals. */
export const artworkText: ArtworkText = artworkTextIn(artworkWords);

/** The file kinds a buyer may send, as the form names them; the server decides each file's kind from its content. */
export const acceptedArtwork = artworkText.kinds;
