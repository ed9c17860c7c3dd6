import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { uploadPieceBytes } from "../../app/server/uploads/artwork-kinds.ts";

/** Artwork uploads measured on one set-up: parallel files, the servers' memory, and what a cut costs. */
export type UploadResult = {
  setup: string;
  files: number;
  fileMB: number;
  seconds: number;
  mbPerSecond: number;
  /** Each instance's resident set as the uploads began, and the largest while they ran. */
  startRssMB: number[];
  peakRssMB: number[];
  /** Of a file whose connection was cut halfway through a piece: the bytes sent twice. */
  resentAfterCutMB: number;
  failures: string[];
};

const MB = 1024 * 1024;
/** The pieces the page sends. */
const PIECE = uploadPieceBytes;
const tus = { "Tus-Resumable": "1.0.0" };
const b64 = (text: string) => Buffer.from(text).toString("base64");

/**
 * `files` uploads of `fileMB` each at once, with the tus protocol in the
 * page's pieces, through `url` (one instance, or nginx in front of several),
 * while the instances' memory is sampled; then one more file whose connection
 * is cut in the middle of a piece and resumed, counting the bytes sent again.
 */
export async function measureUploads(
  setup: string,
  url: string,
  pids: number[],
  options: { files: number; fileMB: number },
): Promise<UploadResult> {
  const size = options.fileMB * MB;
  // One buffer of random bytes behind every piece: the bench measures the server, not the making of data.
  const filler = randomBytes(PIECE);
  const piece = (offset: number) => {
    const bytes = filler.subarray(0, Math.min(PIECE, size - offset));
    return offset === 0 ? Buffer.concat([Buffer.from("%PDF-1.7\n"), bytes.subarray(9)]) : bytes;
  };
  const failures: string[] = [];
  const starts = pids.map((pid) => Math.round(residentMB(pid)));
  const peaks = pids.map(() => 0);
  const sampler = setInterval(() => {
    pids.forEach((pid, index) => {
      peaks[index] = Math.max(peaks[index] ?? 0, residentMB(pid));
    });
  }, 50);

  const started = performance.now();
  const token = await formToken(url);
  await Promise.all(
    Array.from({ length: options.files }, async (_, index) => {
      try {
        const location = await create(url, token, `artwork-${index}.pdf`, size);
        for (let offset = 0; offset < size; offset += PIECE) await patch(location, offset, piece(offset));
      } catch (error) {
        failures.push(`file ${index}: ${(error as Error).message}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  let sent = 0;
  try {
    const location = await create(url, await formToken(url), "cut.pdf", size);
    const half = Math.floor(size / 2 / PIECE) * PIECE;
    for (let offset = 0; offset < half; offset += PIECE) sent += await patch(location, offset, piece(offset));
    sent += await cutPatch(location, half, piece(half));
    // As the page does: ask where the upload stands, and send the rest from there. The server
    // may still be storing what the cut piece brought (409): then it asks again.
    for (let offset = await uploadOffset(location); offset < size; ) {
      const rest = piece(offset - (offset % PIECE)).subarray(offset % PIECE);
      try {
        sent += await patch(location, offset, rest);
        offset += rest.length;
      } catch (error) {
        // Refused before its body was read: nothing of it was taken, so nothing of it counts.
        if (!(error instanceof OffsetConflict)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
        offset = await uploadOffset(location);
      }
    }
  } catch (error) {
    failures.push(`the cut file: ${(error as Error).message}`);
  }
  clearInterval(sampler);

  return {
    setup,
    files: options.files,
    fileMB: options.fileMB,
    seconds,
    mbPerSecond: (options.files * options.fileMB) / seconds,
    startRssMB: starts,
    peakRssMB: peaks.map((peak) => Math.round(peak)),
    resentAfterCutMB: Math.max(0, sent - size) / MB,
    failures,
  };
}

async function formToken(url: string): Promise<string> {
  const html = await (await fetch(`${url}/quote?service=cake`)).text();
  const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error("no form token on /quote");
  return token;
}

async function create(url: string, token: string, name: string, size: number): Promise<string> {
  const answer = await fetch(`${url}/quote/uploads`, {
    method: "POST",
    headers: { ...tus, "Upload-Length": String(size), "Upload-Metadata": `filename ${b64(name)},token ${b64(token)}` },
  });
  if (answer.status !== 201) throw new Error(`creation answered ${answer.status}: ${await answer.text()}`);
  return new URL(answer.headers.get("location") ?? "", url).href;
}

async function uploadOffset(location: string): Promise<number> {
  const head = await fetch(location, { method: "HEAD", headers: tus });
  return Number(head.headers.get("upload-offset"));
}

class OffsetConflict extends Error {}

/** One piece; answers the bytes sent. */
async function patch(location: string, offset: number, bytes: Buffer): Promise<number> {
  const answer = await fetch(location, {
    method: "PATCH",
    headers: { ...tus, "Content-Type": "application/offset+octet-stream", "Upload-Offset": String(offset) },
    body: new Uint8Array(bytes),
  });
  if (answer.status === 409) throw new OffsetConflict(`a piece at ${offset} met another one still being stored`);
  if (answer.status !== 204) throw new Error(`a piece at ${offset} answered ${answer.status}: ${await answer.text()}`);
  return bytes.length;
}

/** A piece whose connection breaks after half of it was sent, as a phone losing its signal. */
async function cutPatch(location: string, offset: number, bytes: Buffer): Promise<number> {
  const controller = new AbortController();
  const half = Math.floor(bytes.length / 2);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(stream) {
      if (sent >= half) {
        // Give the server a moment to take what arrived, then drop the connection.
        await new Promise((resolve) => setTimeout(resolve, 200));
        controller.abort();
        return;
      }
      const chunk = bytes.subarray(sent, Math.min(half, sent + MB));
      sent += chunk.length;
      stream.enqueue(new Uint8Array(chunk));
    },
  });
  await fetch(location, {
    method: "PATCH",
    headers: { ...tus, "Content-Type": "application/offset+octet-stream", "Upload-Offset": String(offset) },
    body,
    signal: controller.signal,
    duplex: "half",
  } as RequestInit).catch(() => undefined);
  return sent;
}

function residentMB(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}
