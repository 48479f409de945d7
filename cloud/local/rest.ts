/**
 * The local cloud's table API: the part of PostgREST that `@supabase/supabase-js` uses for Songshelf's tables.
 * select with columns, filters (eq, neq, gt, gte, lt, lte, is, in; a column or `data->>key`), order, limit and
 * offset, at most 1000 rows an answer like a hosted project's default; insert; upsert with `on_conflict`; update
 * and delete by filter; `rpc/` calls of functions. Like PostgREST on a hosted project, every table, view and
 * function of `public` is exposed: the grants and the row level security decide who reaches what, never a list kept
 * here (a kinder stand-in would pass tests that production fails). Each request runs in one transaction
 * as the caller's role with their JWT claims (`database.ts`), so the tables' RLS policies decide; SQL is built
 * from checked identifiers and parameters only.
 */
import type { Queryable } from './database';

/** A hosted project's default "Max rows": a select answers at most this many, whatever its limit asks. */
const MAX_ROWS = 1000;

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
  ) {
    super(message);
  }
}

export interface RestRequest {
  method: string;
  table: string;
  params: URLSearchParams;
  prefer: string;
  /** The client asked for one object (`.single()`). */
  single: boolean;
  body: unknown;
}

export interface RestResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns']);
const OPERATORS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

export async function handleRest(tx: Queryable, request: RestRequest): Promise<RestResponse> {
  if (request.table.startsWith('rpc/')) return handleRpc(tx, request);
  if (!IDENTIFIER.test(request.table) || !(await inSchemaCache(tx, 'table', request.table))) {
    throw new RestError(404, 'PGRST205', `Could not find the table 'public.${request.table}' in the schema cache`);
  }
  const table = `public.${request.table}`;
  const values: unknown[] = [];
  const where = filters(request.params, values);
  const returning = request.params.get('select') ? columnList(request.params.get('select')!) : '*';
  const representation = request.prefer.includes('return=representation');

  let rows: Record<string, unknown>[];
  switch (request.method) {
    case 'GET':
    case 'HEAD': {
      const order = orderBy(request.params.get('order'));
      const limit = Math.min(integerParam(request.params, 'limit') ?? MAX_ROWS, MAX_ROWS);
      const offset = integerParam(request.params, 'offset');
      const sql = `select ${returning} from ${table}${where}${order} limit ${limit}${offset === null ? '' : ` offset ${offset}`}`;
      rows = await jsonRows(tx, sql, values, 'select');
      break;
    }
    case 'POST': {
      const records = Array.isArray(request.body) ? request.body : [request.body];
      if (records.length === 0) return { status: 201, body: [], headers: {} };
      const columns = [...new Set(records.flatMap((record) => Object.keys(asRecord(record))))].map(identifier);
      const tuples = records.map((record) => `(${columns.map((column) => param(values, asRecord(record)[column] ?? null)).join(', ')})`);
      const conflict = request.params.get('on_conflict');
      let onConflict = '';
      if (request.prefer.includes('resolution=')) {
        const target = (conflict ?? 'id').split(',').map((column) => identifier(column.trim()));
        const updates = columns.filter((column) => !target.includes(column)).map((column) => `${column} = excluded.${column}`);
        onConflict = request.prefer.includes('resolution=ignore-duplicates') || updates.length === 0 ? ` on conflict (${target.join(', ')}) do nothing` : ` on conflict (${target.join(', ')}) do update set ${updates.join(', ')}`;
      }
      const sql = `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}${onConflict} returning ${returning}`;
      rows = await jsonRows(tx, sql, values, 'write');
      return answer(request, representation ? rows : null, 201);
    }
    case 'PATCH': {
      const changes = Object.entries(asRecord(request.body));
      if (changes.length === 0) throw new RestError(400, 'PGRST102', 'Empty or invalid json');
      const set = changes.map(([column, value]) => `${identifier(column)} = ${param(values, value)}`).join(', ');
      rows = await jsonRows(tx, `update ${table} set ${set}${where} returning ${returning}`, values, 'write');
      break;
    }
    case 'DELETE':
      rows = await jsonRows(tx, `delete from ${table}${where} returning ${returning}`, values, 'write');
      break;
    default:
      throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`);
  }
  if (request.method === 'GET' || request.method === 'HEAD') return answer(request, rows, 200);
  return answer(request, representation ? rows : null, representation ? 200 : 204);
}

/**
 * Rows as PostgREST gives them: aggregated to JSON by the database, so a timestamp keeps its microseconds
 * (`2026-11-23T22:50:00.123456+00:00`). A pull pages by the exact `modified_at` it last saw; a value rounded to
 * milliseconds would match the wrong rows.
 */
async function jsonRows(tx: Queryable, sql: string, values: unknown[], kind: 'select' | 'write'): Promise<Record<string, unknown>[]> {
  const wrapped =
    kind === 'select'
      ? `select coalesce(json_agg(t), '[]'::json) as rows from (${sql}) t`
      : `with t as (${sql}) select coalesce(json_agg(t), '[]'::json) as rows from t`;
  const { rows } = await tx.query<{ rows: Record<string, unknown>[] }>(wrapped, values);
  return rows[0]?.rows ?? [];
}

/**
 * Whether `public` holds a table (or view) or a function of that name, as PostgREST's schema cache would: whoever
 * asks, so a caller without the grant is refused by the database ("permission denied"), as on a hosted project.
 * Trigger functions are not callable, and PostgREST leaves them out.
 */
async function inSchemaCache(tx: Queryable, kind: 'table' | 'function', name: string): Promise<boolean> {
  const sql =
    kind === 'table'
      ? `select 1 from pg_class where relnamespace = 'public'::regnamespace and relname = $1 and relkind in ('r', 'p', 'v', 'm', 'f')`
      : `select 1 from pg_proc where pronamespace = 'public'::regnamespace and proname = $1 and prorettype <> 'trigger'::regtype`;
  return (await tx.query(sql, [name])).rows.length > 0;
}

/** `POST rpc/<name>` with named arguments in the body; the function's value is the answer. */
async function handleRpc(tx: Queryable, request: RestRequest): Promise<RestResponse> {
  const name = request.table.slice('rpc/'.length);
  if (!IDENTIFIER.test(name) || !(await inSchemaCache(tx, 'function', name))) throw new RestError(404, 'PGRST202', `Could not find the function public.${name} in the schema cache`);
  if (request.method !== 'POST' && request.method !== 'GET') throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`);
  const values: unknown[] = [];
  const args = Object.entries(request.body === undefined || request.body === null ? {} : asRecord(request.body)).map(
    ([argument, value]) => `${identifier(argument)} => ${param(values, value)}`,
  );
  const { rows } = await tx.query<{ result: unknown }>(`select public.${name}(${args.join(', ')}) as result`, values);
  return { status: 200, body: rows[0]?.result ?? null, headers: {} };
}

function answer(request: RestRequest, rows: Record<string, unknown>[] | null, status: number): RestResponse {
  const headers: Record<string, string> = {};
  if (rows && request.prefer.includes('count=exact')) headers['content-range'] = `0-${Math.max(0, rows.length - 1)}/${rows.length}`;
  if (rows === null) return { status, body: null, headers };
  if (request.single) {
    if (rows.length !== 1) throw new RestError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${rows.length} rows`);
    return { status, body: rows[0], headers };
  }
  return { status, body: rows, headers };
}

/**
 * `column=op.value` pairs, AND-ed; a column may be `data->>key` (a key of the JSON data). `or=(…)` and `and(…)`
 * group conditions written `column.op.value` (values with commas or parentheses in double quotes), as PostgREST
 * does: a pull pages by `or=(modified_at.gt.T,and(modified_at.eq.T,id.gt.I))`.
 */
function filters(params: URLSearchParams, values: unknown[]): string {
  const terms: string[] = [];
  for (const [key, raw] of params) {
    if (RESERVED.has(key)) continue;
    if (key === 'or' || key === 'and') terms.push(group(key, raw, values));
    else terms.push(condition(key, raw, values));
  }
  return terms.length === 0 ? '' : ` where ${terms.join(' and ')}`;
}

function condition(key: string, raw: string, values: unknown[]): string {
  const column = filterColumn(key);
  const dot = raw.indexOf('.');
  const op = dot === -1 ? raw : raw.slice(0, dot);
  const operand = dot === -1 ? '' : raw.slice(dot + 1);
  if (op in OPERATORS) return `${column} ${OPERATORS[op]} ${param(values, unquote(operand))}`;
  if (op === 'is' && ['null', 'true', 'false'].includes(operand)) return `${column} is ${operand}`;
  if (op === 'in' && operand.startsWith('(') && operand.endsWith(')')) {
    const items = operand.slice(1, -1).split(',').map((item) => unquote(item.trim()));
    return items.length === 0 ? 'false' : `${column} in (${items.map((item) => param(values, item)).join(', ')})`;
  }
  throw new RestError(400, 'PGRST100', `"failed to parse filter (${raw})"`);
}

/** `(a.op.v,and(b.op.v,c.op.v))` joined by `kind`, nested at most a few levels. */
function group(kind: 'or' | 'and', raw: string, values: unknown[], depth = 0): string {
  if (depth > 3 || !raw.startsWith('(') || !raw.endsWith(')')) throw new RestError(400, 'PGRST100', `"failed to parse logic tree (${raw})"`);
  const parts = splitTopLevel(raw.slice(1, -1)).map((part) => {
    const nested = /^(or|and)(\(.*\))$/s.exec(part);
    if (nested) return group(nested[1] as 'or' | 'and', nested[2]!, values, depth + 1);
    const dot = part.indexOf('.');
    if (dot === -1) throw new RestError(400, 'PGRST100', `"failed to parse logic tree (${raw})"`);
    return condition(part.slice(0, dot), part.slice(dot + 1), values);
  });
  if (parts.length === 0) throw new RestError(400, 'PGRST100', `"failed to parse logic tree (${raw})"`);
  return `(${parts.join(kind === 'or' ? ' or ' : ' and ')})`;
}

/** Splits on commas outside parentheses and double quotes. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '(') depth += 1;
    else if (!quoted && char === ')') depth -= 1;
    else if (!quoted && depth === 0 && char === ',') {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.filter((part) => part.length > 0);
}

function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}

function filterColumn(key: string): string {
  const json = /^([a-z_][a-z0-9_]*)->>([a-zA-Z_][a-zA-Z0-9_]*)$/.exec(key);
  if (json) return `(${identifier(json[1]!)} ->> '${json[2]!}')`;
  return identifier(key);
}

function orderBy(order: string | null): string {
  if (!order) return '';
  const terms = order.split(',').map((term) => {
    const [column = '', ...modifiers] = term.split('.');
    const direction = modifiers.includes('desc') ? ' desc' : modifiers.includes('asc') ? ' asc' : '';
    const nulls = modifiers.includes('nullsfirst') ? ' nulls first' : modifiers.includes('nullslast') ? ' nulls last' : '';
    return `${filterColumn(column)}${direction}${nulls}`;
  });
  return ` order by ${terms.join(', ')}`;
}

function columnList(select: string): string {
  if (select.trim() === '*') return '*';
  return select.split(',').map((column) => identifier(column.trim())).join(', ');
}

function integerParam(params: URLSearchParams, name: string): number | null {
  const raw = params.get(name);
  if (raw === null) return null;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new RestError(400, 'PGRST100', `"${name}" must be a whole number`);
  return value;
}

function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new RestError(400, 'PGRST100', `"${name}" is not a column name`);
  return name;
}

function param(values: unknown[], value: unknown): string {
  values.push(typeof value === 'object' && value !== null ? JSON.stringify(value) : value);
  return `$${values.length}`;
}

function asRecord(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  return value as Record<string, unknown>;
}
