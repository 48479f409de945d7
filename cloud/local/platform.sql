-- The part of the Supabase platform that cloud/migrations/ relies on, for the local cloud only (a hosted
-- project has all of it already): the API roles, auth.users with auth.uid() and auth.jwt() read from the
-- request's JWT claims, and storage.buckets and storage.objects with storage.foldername().
-- Written to match Supabase's own definitions, so the policies behave as they will in production.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
end $$;

create schema if not exists auth;
create schema if not exists storage;
create schema if not exists extensions;
grant usage on schema public, auth, storage, extensions to anon, authenticated, service_role;
create extension if not exists pgcrypto with schema extensions;

-- A hosted project's default privileges, as its init scripts install them when the project is made: every table,
-- function and sequence created in `public` is granted to the API roles, whatever the migration that creates it
-- means to grant. Installed once, on a fresh database (before any migration), as on a new hosted project; the
-- migrations must then revoke by name what the API roles may not use (cloud/migrations/0009_hosted_grants.sql), and
-- cloud/local/grants-suite.ts holds what they are left with.
do $$
begin
  if to_regclass('public.songshelf_migrations') is null then
    alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
    alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
    alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
  end if;
end $$;

-- The request's claims, as PostgREST sets them for every request (`request.jwt.claims`).
create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb
$$;

create or replace function auth.uid() returns uuid language sql stable as $$
  select nullif(auth.jwt() ->> 'sub', '')::uuid
$$;

create or replace function auth.role() returns text language sql stable as $$
  select auth.jwt() ->> 'role'
$$;

create table if not exists auth.users (
  id uuid primary key default gen_random_uuid(),
  email text unique,
  encrypted_password text,
  email_confirmed_at timestamptz,
  confirmation_token text,
  confirmation_sent_at timestamptz,
  recovery_token text,
  recovery_sent_at timestamptz,
  raw_user_meta_data jsonb not null default '{}',
  raw_app_meta_data jsonb not null default '{}',
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Sign-in identities (email, google): an e-mail already registered through Google has no email identity.
create table if not exists auth.identities (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  provider text not null,
  provider_id text not null,
  identity_data jsonb not null default '{}',
  created_at timestamptz not null default now(),
  unique (provider, provider_id)
);

create table if not exists auth.refresh_tokens (
  token text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null,
  revoked boolean not null default false,
  created_at timestamptz not null default now()
);

create table if not exists auth.flow_states (
  auth_code text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  code_challenge text not null,
  code_challenge_method text not null,
  created_at timestamptz not null default now()
);

create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  public boolean not null default false,
  created_at timestamptz not null default now()
);
-- The largest object a bucket takes, in bytes (null: no limit of its own), as on a hosted project; added apart so a
-- local database made before it gets it too.
alter table storage.buckets add column if not exists file_size_limit bigint;

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text not null references storage.buckets (id),
  name text not null,
  owner uuid default auth.uid(),
  metadata jsonb not null default '{}',
  content bytea not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (bucket_id, name)
);
alter table storage.objects enable row level security;
grant select, insert, update, delete on storage.objects to authenticated, service_role;
grant select on storage.buckets to anon, authenticated, service_role;

-- 'a/b/c.wav' -> {a, b}: the folders of an object's name, as Supabase defines it.
create or replace function storage.foldername(name text) returns text[] language plpgsql immutable as $$
declare
  parts text[];
begin
  select string_to_array(name, '/') into parts;
  return parts[1:array_length(parts, 1) - 1];
end $$;

-- The local checkout, standing in for the payment provider's hosted page: a session per upgrade attempt, seen
-- only by the server (no grants to the API roles). Its confirmation calls public.confirm_checkout.
create schema if not exists billing;
create table if not exists billing.checkout_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  status text not null default 'open' check (status in ('open', 'paid', 'cancelled')),
  success_url text not null,
  cancel_url text not null,
  created_at timestamptz not null default now()
);
