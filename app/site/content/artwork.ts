/** Shown sizes: megabytes as people count them on a phone, one decimal below ten. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/**
 * The pieces a file is uploaded in with a script: a dropped connection costs
 * at most one, each is S3's smallest part (5 MiB) so a bucket takes it
 * straight on, and the server holds little of one in memory at a time.
 */
export const uploadPieceBytes = 5 * 1024 * 1024;

/** The file kinds a buyer may send, as the form names them; the server decides each file's kind from its content. */
export const acceptedArtwork = "PDF, AI, EPS, CDR (CorelDRAW), PSD, TIFF, PNG, JPEG, SVG or ZIP";

/** What the file picker offers first; any file may still be chosen, and the server checks what it is. */
export const artworkPickerAccept =
  ".pdf,.ai,.eps,.cdr,.psd,.tif,.tiff,.png,.jpg,.jpeg,.svg,.zip,application/pdf,image/*,application/zip";

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
