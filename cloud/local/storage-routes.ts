/**
 * `/storage/v1/*` of the local cloud: list (by folder, and flat: list-v2), sign, remove, upload and download objects,
 * as the caller's role; and the two downloads that need no key, a signed URL (its token opens that one object) and a
 * public bucket's object.
 */
import type http from 'node:http';
import type { CloudContext } from './context';
import { header, readBody, readJson, sendFile, sendJson } from './http-io';
import { objectTokenOpens, signObjectToken } from './signed-urls';
import { listObjects, listObjectsFlat, MAX_UPLOAD_BYTES, readObject, removeObjects, signedSeconds, StorageError, uploadObject } from './storage';

export async function handleStorage(request: http.IncomingMessage, response: http.ServerResponse, url: URL, claims: { role: string }, context: CloudContext): Promise<void> {
  const list = /^\/storage\/v1\/object\/list\/([^/]+)$/.exec(url.pathname);
  if (request.method === 'POST' && list) {
    const body = await readJson(request);
    return sendJson(response, 200, await context.db.asClaims(claims, (tx) => listObjects(tx, decodeURIComponent(list[1]!), body)));
  }
  const listFlat = /^\/storage\/v1\/object\/list-v2\/([^/]+)$/.exec(url.pathname);
  if (request.method === 'POST' && listFlat) {
    const body = await readJson(request);
    return sendJson(response, 200, await context.db.asClaims(claims, (tx) => listObjectsFlat(tx, decodeURIComponent(listFlat[1]!), body)));
  }
  const sign = matchObject(url.pathname, '/storage/v1/object/sign/');
  if (request.method === 'POST' && sign) {
    const seconds = signedSeconds((await readJson(request)).expiresIn);
    // Only what the caller may read can be signed.
    await context.db.asClaims(claims, async (tx) => {
      const found = await tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [sign.bucket, sign.name]);
      if (found.rows.length === 0) throw new StorageError(404, 'not_found', 'Object not found');
    });
    const token = signObjectToken(context.jwtSecret, sign.bucket, sign.name, Math.floor(context.now() / 1000) + seconds);
    return sendJson(response, 200, { signedURL: `/object/sign/${encodeURI(sign.bucket)}/${encodeURI(sign.name)}?token=${token}` });
  }
  const bucketOnly = /^\/storage\/v1\/object\/([^/]+)$/.exec(url.pathname);
  if (request.method === 'DELETE' && bucketOnly) {
    const body = await readJson(request);
    return sendJson(response, 200, await context.db.asClaims(claims, (tx) => removeObjects(tx, decodeURIComponent(bucketOnly[1]!), body.prefixes)));
  }
  const object = matchObject(url.pathname, '/storage/v1/object/');
  if (object && (request.method === 'POST' || request.method === 'PUT')) {
    const { content, contentType } = await readUpload(request);
    const upsert = request.method === 'PUT' || header(request, 'x-upsert') === 'true';
    return sendJson(response, 200, await context.db.asClaims(claims, (tx) => uploadObject(tx, { bucket: object.bucket, name: object.name, content, contentType, upsert })));
  }
  if (object && request.method === 'GET') return sendFile(response, await context.db.asClaims(claims, (tx) => readObject(tx, object.bucket, object.name)));
  throw new StorageError(404, 'not_found', `No route ${request.method ?? ''} ${url.pathname}`);
}

/** GET of a signed URL or a public object, which carry no API key; false when the request is neither. */
export async function serveKeylessObject(request: http.IncomingMessage, response: http.ServerResponse, url: URL, context: CloudContext): Promise<boolean> {
  if (request.method !== 'GET') return false;
  const signed = matchObject(url.pathname, '/storage/v1/object/sign/');
  if (signed) {
    const token = url.searchParams.get('token') ?? '';
    if (!objectTokenOpens(context.jwtSecret, token, signed.bucket, signed.name, Math.floor(context.now() / 1000))) {
      throw new StorageError(400, 'InvalidSignature', 'The signature is invalid or has expired');
    }
    sendFile(response, await context.db.asOwner((tx) => readObject(tx, signed.bucket, signed.name)));
    return true;
  }
  const published = matchObject(url.pathname, '/storage/v1/object/public/');
  if (!published) return false;
  const file = await context.db.asOwner(async (tx) => {
    const bucket = (await tx.query<{ public: boolean }>('select public from storage.buckets where id = $1', [published.bucket])).rows[0];
    if (!bucket?.public) throw new StorageError(400, 'not_found', 'Bucket not found or not public');
    return readObject(tx, published.bucket, published.name);
  });
  sendFile(response, file);
  return true;
}

/** `{prefix}{bucket}/{name…}` -> bucket and object name, decoded. */
function matchObject(pathname: string, prefix: string): { bucket: string; name: string } | null {
  if (!pathname.startsWith(prefix)) return null;
  const rest = pathname.slice(prefix.length);
  const slash = rest.indexOf('/');
  if (slash <= 0 || slash === rest.length - 1) return null;
  return { bucket: decodeURIComponent(rest.slice(0, slash)), name: decodeURIComponent(rest.slice(slash + 1)) };
}

/** An upload's bytes: the raw body, or the file part of a multipart form (how supabase-js sends a Blob). */
async function readUpload(request: http.IncomingMessage): Promise<{ content: Buffer; contentType: string }> {
  const body = await readBody(request, MAX_UPLOAD_BYTES, () => new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size'));
  const type = header(request, 'content-type') ?? 'application/octet-stream';
  if (!type.startsWith('multipart/form-data')) return { content: body, contentType: type };
  const form = await new Response(body, { headers: { 'content-type': type } }).formData();
  for (const value of form.values()) {
    if (typeof value !== 'string') return { content: Buffer.from(await value.arrayBuffer()), contentType: value.type || 'application/octet-stream' };
  }
  throw new StorageError(400, 'InvalidRequest', 'The form carries no file');
}
