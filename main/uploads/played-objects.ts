/**
 * Which cloud objects no song plays any more: the only ones a removal may take. Objects are compared by bucket and
 * path, not by the address's spelling: the address holds the cloud's URL as the uploading computer knew it, so one
 * object can be named by addresses that differ. Every song in the table counts, Hidden ones and songs synced from
 * other computers too: an object another song still plays stays (an old one shared by name, `{userId}/{name}`,
 * until the last of its songs has gone up to its own).
 */
import { like } from 'drizzle-orm';
import { cloudObjectOf, type CloudBucket } from '../../common/cloud/cloud-files';
import type { Db } from '../../db/handle';
import { songs } from '../../db/schema';

export interface CloudObject {
  bucket: CloudBucket;
  path: string;
}

/** The objects these file values name (each once) that no song's file value names now. */
export function unplayedObjects(db: Db, fileValues: readonly string[]): CloudObject[] {
  const named = new Map<string, CloudObject>();
  for (const value of fileValues) {
    const object = cloudObjectOf(value);
    if (object) named.set(objectKey(object), object);
  }
  if (named.size === 0) return [];
  for (const key of playedObjectKeys(db)) named.delete(key);
  return [...named.values()];
}

function playedObjectKeys(db: Db): Set<string> {
  const rows = db.orm.select({ value: songs.fileValue }).from(songs).where(like(songs.fileValue, '%/storage/v1/object/%')).all();
  const played = new Set<string>();
  for (const { value } of rows) {
    const object = value === null ? null : cloudObjectOf(value);
    if (object) played.add(objectKey(object));
  }
  return played;
}

function objectKey(object: CloudObject): string {
  return `${object.bucket}/${object.path}`;
}
