import { randomFillSync } from 'node:crypto';

/**
 * Ids of songs and views: UUIDv7 (RFC 9562), unique across devices like any UUID, and ordered by creation
 * time. The order matters at scale: random ids scatter a first scan's 20,000 inserts over every page of the
 * id indexes, so each 20-song commit rewrote ~20 scattered pages; ordered ids append at the index's edge.
 *
 * The random bits come from a pool filled 256 ids at a time (as node's own randomUUID does): a first scan makes
 * 20,000 ids, and asking the system for 16 bytes each time cost more than the rest of making them.
 */
const ID_BYTES = 16;
const POOLED_IDS = 256;
const pool = Buffer.alloc(ID_BYTES * POOLED_IDS);
let pooled = POOLED_IDS;

export function newId(now: number = Date.now()): string {
  if (pooled === POOLED_IDS) {
    randomFillSync(pool);
    pooled = 0;
  }
  const bytes = pool.subarray(pooled * ID_BYTES, (pooled + 1) * ID_BYTES);
  pooled += 1;
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | ((bytes[6] as number) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
