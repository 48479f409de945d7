/**
 * The local cloud's file storage: the part of Supabase Storage that `@supabase/supabase-js` uses for Songshelf.
 * Upload (with upsert), download, list (at most 1000 entries a page; `list-v2` flat, for a user's nested folders),
 * remove, signed URLs and public URLs.
 * Objects live in `storage.objects` (content included: a development backend); every call runs as the caller,
 * so the bucket policies of the migrations (`{userId}/…` only) decide who reaches what.
 */
import { MAX_UPLOAD_BYTES as MAX_OBJECT_BYTES, STORAGE_LIST_LIMIT } from '../../common/constants';
import type { Queryable } from './database';

/**
 * The largest upload body read: the largest object any bucket here takes (50 MB, the buckets' `file_size_limit`,
 * as a hosted project's global upload limit bounds every bucket) and room for the form supabase-js may wrap it in.
 */
export const MAX_UPLOAD_BYTES = MAX_OBJECT_BYTES + 64 * 1024;
const MAX_SIGNED_SECONDS = 7 * 24 * 3600;

export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

/** A stored object's name: `folder/…/file`, no empty, `.` or `..` segments. */
function checkObjectName(name: string): string {
  const segments = name.split('/');
  if (name.length === 0 || name.length > 1024 || segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new StorageError(400, 'InvalidKey', `Invalid key: ${name}`);
  }
  return name;
}

async function requireBucket(tx: Queryable, bucket: string): Promise<{ public: boolean; file_size_limit: number | null }> {
  const found = (await tx.query<{ public: boolean; file_size_limit: number | null }>('select public, file_size_limit from storage.buckets where id = $1', [bucket])).rows[0];
  if (!found) throw new StorageError(404, 'Bucket not found', 'Bucket not found');
  return found;
}

export async function uploadObject(tx: Queryable, input: { bucket: string; name: string; content: Buffer; contentType: string; upsert: boolean }) {
  // As a hosted project's storage service does, before the database sees it (where 0005_plan.sql checks it again).
  const { file_size_limit: limit } = await requireBucket(tx, input.bucket);
  if (limit !== null && input.content.length > Number(limit)) throw new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
  const name = checkObjectName(input.name);
  const metadata = { mimetype: input.contentType, size: input.content.length };
  const conflict = input.upsert ? 'on conflict (bucket_id, name) do update set content = excluded.content, metadata = excluded.metadata, updated_at = now()' : '';
  try {
    const { rows } = await tx.query<{ id: string }>(
      `insert into storage.objects (bucket_id, name, content, metadata) values ($1, $2, $3, $4) ${conflict} returning id`,
      [input.bucket, name, input.content, metadata],
    );
    return { Id: rows[0]!.id, Key: `${input.bucket}/${name}` };
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new StorageError(409, 'Duplicate', 'The resource already exists');
    throw error;
  }
}

export async function readObject(tx: Queryable, bucket: string, name: string): Promise<{ content: Buffer; contentType: string }> {
  const row = (
    await tx.query<{ content: Uint8Array; metadata: { mimetype?: string } }>('select content, metadata from storage.objects where bucket_id = $1 and name = $2', [bucket, checkObjectName(name)])
  ).rows[0];
  if (!row) throw new StorageError(404, 'not_found', 'Object not found');
  return { content: Buffer.from(row.content), contentType: row.metadata.mimetype ?? 'application/octet-stream' };
}

/** The entries directly under `prefix`: files, and folders (with a null id) as Supabase lists them. */
export async function listObjects(tx: Queryable, bucket: string, options: { prefix?: unknown; limit?: unknown; offset?: unknown; search?: unknown }) {
  await requireBucket(tx, bucket);
  const prefix = typeof options.prefix === 'string' && options.prefix !== '' ? `${options.prefix.replace(/\/+$/, '')}/` : '';
  const limit = Math.min(STORAGE_LIST_LIMIT, Math.max(0, Number.isInteger(options.limit) ? (options.limit as number) : 100));
  const offset = Math.max(0, Number.isInteger(options.offset) ? (options.offset as number) : 0);
  const search = typeof options.search === 'string' ? options.search : '';
  const { rows } = await tx.query<{ id: string; name: string; created_at: Date; updated_at: Date; metadata: unknown }>(
    `select id, name, created_at, updated_at, metadata from storage.objects
     where bucket_id = $1 and starts_with(name, $2) order by name`,
    [bucket, prefix],
  );
  const entries = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    const rest = row.name.slice(prefix.length);
    const slash = rest.indexOf('/');
    const entry = slash === -1 ? rest : rest.slice(0, slash);
    if (search && !entry.toLowerCase().includes(search.toLowerCase())) continue;
    if (entries.has(entry)) continue;
    entries.set(
      entry,
      slash === -1
        ? { name: entry, id: row.id, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString(), last_accessed_at: row.updated_at.toISOString(), metadata: row.metadata }
        : { name: entry, id: null, created_at: null, updated_at: null, last_accessed_at: null, metadata: null },
    );
  }
  return [...entries.values()].slice(offset, offset + limit);
}

/**
 * `list-v2` without a delimiter: every object whose name starts with `prefix` (a plain string, folders and all),
 * in name order, full names, `limit` a page (at most 1000) from the `cursor` the page before gave. A grouped
 * listing (`with_delimiter`) is refused rather than guessed: nothing here asks for one.
 */
export async function listObjectsFlat(tx: Queryable, bucket: string, options: { prefix?: unknown; limit?: unknown; cursor?: unknown; with_delimiter?: unknown }) {
  await requireBucket(tx, bucket);
  if (options.with_delimiter === true) throw new StorageError(400, 'InvalidRequest', 'The local cloud lists objects without a delimiter only');
  const prefix = typeof options.prefix === 'string' ? options.prefix : '';
  const limit = Math.min(STORAGE_LIST_LIMIT, Math.max(1, Number.isInteger(options.limit) ? (options.limit as number) : STORAGE_LIST_LIMIT));
  const after = typeof options.cursor === 'string' && options.cursor !== '' ? Buffer.from(options.cursor, 'base64url').toString('utf8') : '';
  // One more than the page: whether another page follows.
  const { rows } = await tx.query<{ id: string; name: string; created_at: Date; updated_at: Date; metadata: unknown }>(
    `select id, name, created_at, updated_at, metadata from storage.objects
     where bucket_id = $1 and starts_with(name, $2) and name collate "C" > $3 order by name collate "C" limit $4`,
    [bucket, prefix, after, limit + 1],
  );
  const page = rows.slice(0, limit);
  const objects = page.map((row) => ({
    id: row.id,
    name: row.name,
    key: row.name,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    last_accessed_at: row.updated_at.toISOString(),
    metadata: row.metadata,
  }));
  const hasNext = rows.length > limit;
  return { hasNext, folders: [], objects, ...(hasNext ? { nextCursor: Buffer.from(page.at(-1)!.name, 'utf8').toString('base64url') } : {}) };
}

export async function removeObjects(tx: Queryable, bucket: string, names: unknown) {
  if (!Array.isArray(names) || names.some((name) => typeof name !== 'string')) throw new StorageError(400, 'InvalidRequest', 'prefixes must be a list of object names');
  const { rows } = await tx.query<{ name: string; bucket_id: string; id: string }>(
    'delete from storage.objects where bucket_id = $1 and name = any($2) returning name, bucket_id, id',
    [bucket, names as string[]],
  );
  return rows;
}

/** Seconds a signed URL asked for, within a week. */
export function signedSeconds(expiresIn: unknown): number {
  if (typeof expiresIn !== 'number' || !Number.isInteger(expiresIn) || expiresIn <= 0 || expiresIn > MAX_SIGNED_SECONDS) {
    throw new StorageError(400, 'InvalidRequest', `expiresIn must be a whole number of seconds up to ${MAX_SIGNED_SECONDS}`);
  }
  return expiresIn;
}
