/**
 * Reads at most `maxBytes` from `body`; more is refused as it arrives (`refuse()` is thrown),
 * whatever Content-Length said, so a chunked body cannot outgrow its limit.
 */
export async function readLimited(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  refuse: () => unknown,
): Promise<Uint8Array<ArrayBuffer>> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw refuse();
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
