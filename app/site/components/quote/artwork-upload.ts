import { type DetailedError, Upload } from "tus-js-client";
import { quoteUploadsPath, uploadPieceBytes } from "../../../server/uploads/artwork-kinds.ts";

export type UploadEvents = {
  progress(sent: number, total: number): void;
  received(id: string): void;
  /** The server refused the file (its words), or the connection stayed down through every retry. */
  failed(message: string | undefined): void;
  /** The device is offline: the upload carries on by itself when it is back. */
  offline(): void;
};

export type RunningUpload = { pause(): void; resume(): void; cancel(): void };

/** Waits between tries after a connection drops: quick at first, then every minute for a quarter of an hour. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, ...Array<number>(15).fill(60_000)];

/**
 * One file, uploaded with the tus protocol in pieces (uploadPieceBytes): a
 * dropped connection costs at most the piece in flight, and the same file chosen
 * again after a reload carries on where it stopped (the browser remembers the
 * upload's address until it is done). Loaded only once a file is chosen.
 */
export function startUpload(file: File, formToken: string, events: UploadEvents): RunningUpload {
  let paused = false;
  // Only after a stop for want of a connection: then, and only then, coming back online starts it again.
  const carryOn = () => {
    window.removeEventListener("online", carryOn);
    if (!paused) upload.start();
  };
  const upload = new Upload(file, {
    endpoint: quoteUploadsPath,
    chunkSize: uploadPieceBytes,
    retryDelays: RETRY_DELAYS_MS,
    metadata: { filename: file.name, token: formToken },
    removeFingerprintOnSuccess: true,
    onProgress: events.progress,
    onSuccess: () => events.received(upload.url?.split("/").pop() ?? ""),
    onError(error) {
      const message = refusal(error);
      if (message === undefined && !navigator.onLine) {
        events.offline();
        window.addEventListener("online", carryOn);
        return;
      }
      events.failed(message);
    },
    // The server's refusals (4xx: too large, not artwork, gone) are final; anything else is
    // tried again while the device is online (offline, onError waits for the connection).
    onShouldRetry: (error) => {
      const status = (error as DetailedError).originalResponse?.getStatus() ?? 0;
      return (status === 0 || status >= 500 || status === 409 || status === 423) && navigator.onLine;
    },
  });
  const start = async () => {
    const earlier = await upload.findPreviousUploads();
    const [latest] = earlier.sort((a, b) => b.creationTime.localeCompare(a.creationTime));
    if (latest) upload.resumeFromPreviousUpload(latest);
    upload.start();
  };
  void start();
  return {
    pause() {
      paused = true;
      window.removeEventListener("online", carryOn);
      void upload.abort();
    },
    resume() {
      paused = false;
      upload.start();
    },
    cancel() {
      paused = true;
      window.removeEventListener("online", carryOn);
      void upload.abort(true).catch(() => undefined);
    },
  };
}
/** The server's own words for a refusal, when it gave any. */
function refusal(error: Error): string | undefined {
  const response = (error as DetailedError).originalResponse;
  const status = response?.getStatus() ?? 0;
  const body = response?.getBody();
  return status >= 400 && status < 600 && body ? body : undefined;
}
