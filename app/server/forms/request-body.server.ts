/** The body; reading stops as soon as it proves longer than the limit. */
export async function readLimited(request: Request, limitBytes: number): Promise<Uint8Array | "too large" | "cut off"> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > limitBytes) {
    await discard(reader);
    return "too large";
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limitBytes) {
        await discard(reader);
        return "too large";
      }
      chunks.push(value);
    }
  } catch {
    // The client went away mid-upload; nobody is waiting for the answer.
    return "cut off";
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Reads what is left of a refused body and throws it away, so the client, still
 * sending, gets to read our answer. Cancelling would close the connection under
 * it. A body beyond any reason is cut off all the same.
 */
export async function discard(reader: ReadableStreamDefaultReader<Uint8Array> | undefined, maxBytes = 8 * 1024 * 1024) {
  if (!reader) return;
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away; there is no one left to answer.
  }
}
