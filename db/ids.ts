import { randomUUID } from 'node:crypto';

/** Ids of songs and views: UUIDs, so records made on two devices never collide in the cloud. */
export function newId(): string {
  return randomUUID();
}
