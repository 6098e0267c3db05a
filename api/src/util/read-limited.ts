/**
 * Reads a body with a byte counter, whatever its content type or transfer encoding: null when its
 * declared length is over `max`, or as soon as the count passes it (the rest is never read), so
 * an oversized body costs at most `max` bytes. The one bounded reader of the API.
 */
export async function readLimited(request: Request, max: number): Promise<Uint8Array | null> {
  const declared = request.headers.get('content-length');
  if (declared !== null && !(Number(declared) <= max)) return null;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
