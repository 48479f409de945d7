/** The local cloud's HTTP plumbing: reading bodies within a limit, answering JSON or a file. */
import type http from 'node:http';

/** A request the cloud cannot read (bad JSON, too large): answered 400. */
export class BadRequest extends Error {}

/** JSON bodies (auth, rest, forms) stay small; uploads have their own limit. */
export const MAX_JSON_BYTES = 1024 * 1024;

/**
 * A stored object, whose content type its uploader chose: if a browser opens it as a document (an uploaded HTML
 * file), it runs sandboxed, with no scripts and an origin of its own, never as a page of the cloud's origin. An
 * `<audio>` element ignores the header.
 */
export function sendFile(response: http.ServerResponse, file: { content: Buffer; contentType: string }): void {
  response.writeHead(200, { 'content-type': file.contentType, 'content-length': file.content.length, 'content-security-policy': 'sandbox' }).end(file.content);
}

export function header(request: http.IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export async function readJson(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  const parsed = await readJsonValue(request);
  if (parsed === undefined) return {};
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new BadRequest('The request body must be a JSON object.');
  return parsed as Record<string, unknown>;
}

export async function readJsonValue(request: http.IncomingMessage): Promise<unknown> {
  const body = await readBody(request, MAX_JSON_BYTES);
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    throw new BadRequest('The request body is not valid JSON.');
  }
}

/** The whole body, refused past `limit` bytes. */
export async function readBody(request: http.IncomingMessage, limit: number, tooLarge: () => Error = () => new BadRequest(`The request body is larger than ${limit} bytes.`)): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function sendJson(response: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
}
