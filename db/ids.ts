import { randomBytes } from 'node:crypto';

/**
 * Ids of songs and views: UUIDv7 (RFC 9562), unique across devices like any UUID, and ordered by creation
 * time. The order matters at scale: random ids scatter a first scan's 20,000 inserts over every page of the
 * id indexes, so each 20-song commit rewrote ~20 scattered pages; ordered ids append at the index's edge.
 */
export function newId(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | ((bytes[6] as number) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
