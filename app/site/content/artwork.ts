import { type ArtworkKindWords, artworkKinds, formatBytes } from "../../server/uploads/artwork-kinds.ts";

/** Each kind as the form names it to a buyer. */
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

/** The file kinds a buyer may send, as the form names them; the server decides each file's kind from its content. */
export const acceptedArtwork = `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;

/** The words of the artwork part of the quote request, in the form and in the server's refusals. */
export const artworkText = {
  legend: "Artwork files (optional)",
  label: "Choose files",
  hint: (maxFiles: number, maxFileBytes: number) =>
    `Up to ${maxFiles} files, each up to ${formatBytes(maxFileBytes)}: ${acceptedArtwork}. ` +
    "On a slow or broken connection the upload carries on where it stopped.",
  noUploads: "You can send your artwork files by e-mail after you send this request; we reply with the address.",
  kept: "Files received with this request",
  remove: (name: string) => `Remove ${name}`,
  pause: (name: string) => `Pause ${name}`,
  resume: (name: string) => `Resume ${name}`,
  cancel: (name: string) => `Cancel ${name}`,
  progress: (name: string) => `Uploading ${name}`,
  received: (name: string) => `${name} received`,
  /** Beside the file's name in its row: the name is said once. */
  receivedState: "Received",
  pausedState: "Paused",
  paused: (name: string) => `${name} paused`,
  retrying: (name: string) => `Connection lost: ${name} carries on when it is back`,
  waitingToSend: "Your request is sent as soon as the last file has arrived.",
  tooLarge: (name: string, maxFileBytes: number) =>
    `“${name}” is larger than ${formatBytes(maxFileBytes)}, the largest file we take. Send a smaller or zipped file.`,
  tooMany: (maxFiles: number) => `At most ${maxFiles} files can be sent with one request; put the others in a ZIP.`,
  wrongKind: (name: string) =>
    `“${name}” is not a file we can take: we accept ${acceptedArtwork}, and check the file itself, not its name.`,
  clientQuota:
    "You have uploaded as much as we take at once without a request. Send your request with the files you have, or cancel a file you no longer need.",
  storageFull:
    "We cannot take more files right now: our file storage is full. Send your request without the files, and we will ask for them.",
  gone: "This upload is no longer here: choose the file again.",
  reload: "The form has expired: reload the page and choose the file again.",
  failed: (name: string) => `“${name}” could not be uploaded. Choose it again to try once more.`,
  unavailable: "Files cannot be received right now. Try again in a minute.",
} as const;
