/**
 * How a push is cut into requests: by rows (PUSH_ROWS_PER_REQUEST, in sync-engine.ts) and by bytes, so that songs
 * with long notes or long lists read from their projects never make a body larger than the cloud reads. The local
 * cloud reads at most 1 MiB of JSON a request (cloud/local/http-io.ts); a hosted project more.
 */

/**
 * Bytes of JSON one push request carries at most: under the local cloud's 1 MiB with room to spare, and above the
 * largest row the cloud takes (CLOUD_DATA_MAX_BYTES, 512 KiB, plus its id and origin), so every row fits alone.
 */
export const PUSH_BYTES_PER_REQUEST = 960 * 1024;

/** `rows` in order, cut into runs whose JSON array is at most `maxBytes` (a single larger row goes alone). */
export function splitByBytes<T>(rows: readonly T[], maxBytes: number = PUSH_BYTES_PER_REQUEST): T[][] {
  const parts: T[][] = [];
  let current: T[] = [];
  let bytes = 2;
  for (const row of rows) {
    // Its JSON and the comma before it.
    const size = Buffer.byteLength(JSON.stringify(row)) + 1;
    if (current.length > 0 && bytes + size > maxBytes) {
      parts.push(current);
      current = [];
      bytes = 2;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length > 0) parts.push(current);
  return parts;
}
