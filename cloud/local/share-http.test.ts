// Listening links through @supabase/supabase-js over HTTP (issue 33): the owner makes one by RPC; a listener with
// no account (the anon key alone) opens it, comments, and gets the audio by a signed address that opens that one
// object for five minutes; the tables stay closed to them, and a revoked link gets the same plain refusal everywhere.
// The share-audio function is the hosted Edge Function's rules (cloud/supabase/functions/share-audio/rules.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_AUDIO_SECONDS } from '../supabase/functions/share-audio/rules';
import type { LocalCloud } from './server';
import { cloudClient, signedInClient, startTestCloud, upgradeToPro, useTestCloud } from './test-support';

const env = useTestCloud(['sol@example.com', 'tam@example.com']);
const sol = () => env.users[0]!;
const tam = () => env.users[1]!;
const mix = Buffer.from('ID3 the mix a listener hears');

beforeAll(async () => {
  await upgradeToPro(sol().supabase);
});

describe('a listening link over HTTP', () => {
  it('is made by its owner, heard and commented on by anyone with the token, and closed at once when revoked', async () => {
    const songId = crypto.randomUUID();
    const song = await sol().supabase.from('songs').insert({ id: songId, data: { id: songId, name: 'Harbour Lights', modifiedAt: Date.now(), meta: { analysis: { overview: [-5, 5] } } }, origin: 'test' });
    expect(song.error).toBeNull();
    expect((await sol().supabase.storage.from('audio-files').upload(`${sol().userId}/${songId}/harbour.mp3`, mix, { contentType: 'audio/mpeg' })).error).toBeNull();

    const made = await sol().supabase.rpc('share_create', { p_song_id: songId, p_expires_in_days: 30 });
    expect(made.error).toBeNull();
    const { token } = made.data as { token: string };

    const listener = cloudClient(env.cloud);
    const page = await listener.rpc('share_listen', { p_token: token, p_password: null });
    expect(page.data).toMatchObject({ name: 'Harbour Lights', waveform: [-5, 5], hasAudio: true, comments: [] });
    const comment = await listener.rpc('share_comment', { p_token: token, p_at_s: 61.25, p_name: 'Ines', p_body: 'Lovely fade' });
    expect(comment.error).toBeNull();
    expect((await sol().supabase.from('share_comments').select('body, at_s, name')).data).toEqual([{ body: 'Lovely fade', at_s: 61.25, name: 'Ines' }]);

    const audio = await listener.functions.invoke<{ url: string; expiresAt: number }>('share-audio', { body: { token } });
    expect(audio.error).toBeNull();
    expect(audio.data!.expiresAt - Date.now()).toBeGreaterThan(SHARE_AUDIO_SECONDS * 1000 - 60_000);
    expect(audio.data!.expiresAt - Date.now()).toBeLessThanOrEqual(SHARE_AUDIO_SECONDS * 1000);
    const heard = await fetch(audio.data!.url);
    expect(Buffer.from(await heard.arrayBuffer())).toEqual(mix);
    // The signed address opens that object alone.
    const elsewhere = audio.data!.url.replace(`${songId}/harbour.mp3`, `${songId}/other.mp3`);
    expect((await fetch(elsewhere)).status).toBeGreaterThanOrEqual(400);

    // Neither the listener nor another user reads the tables.
    expect((await listener.from('shares').select('*')).error?.message).toMatch(/permission denied/);
    expect((await tam().supabase.from('shares').select('*')).data).toEqual([]);
    expect((await tam().supabase.rpc('share_create', { p_song_id: songId })).error?.message).toMatch(/Pro feature/);

    expect((await sol().supabase.rpc('share_revoke', { p_token: token })).data).toBe(true);
    expect((await listener.rpc('share_listen', { p_token: token, p_password: null })).error?.message).toBe('This link is not available');
    const refused = await listener.functions.invoke('share-audio', { body: { token } });
    expect(refused.error).not.toBeNull();
    expect(await (refused.error as { context: Response }).context.json()).toMatchObject({ message: 'This link is not available' });
  });
});

describe('the audio address of a link, signed for minutes', () => {
  let cloud: LocalCloud;
  let clock = Date.now();
  beforeAll(async () => {
    cloud = await startTestCloud({ now: () => clock });
  }, 120_000);
  afterAll(async () => {
    await cloud?.close();
  });

  it('stops playing within minutes of a revoke: the address lapses, and asking again is refused', async () => {
    const owner = await signedInClient(cloud, 'uma@example.com');
    await upgradeToPro(owner.supabase);
    const songId = crypto.randomUUID();
    await owner.supabase.from('songs').insert({ id: songId, data: { id: songId, name: 'Tide' } });
    await owner.supabase.storage.from('audio-files').upload(`${owner.userId}/${songId}/tide.mp3`, mix, { contentType: 'audio/mpeg' });
    const { token } = (await owner.supabase.rpc('share_create', { p_song_id: songId })).data as { token: string };
    const listener = cloudClient(cloud);
    const first = await listener.functions.invoke<{ url: string; expiresAt: number }>('share-audio', { body: { token } });
    expect(first.data!.expiresAt).toBe(clock + SHARE_AUDIO_SECONDS * 1000);
    // Playing on: the page asks again before the address lapses and gets a fresh one.
    clock += (SHARE_AUDIO_SECONDS - 60) * 1000;
    expect((await fetch(first.data!.url)).status).toBe(200);
    const second = await listener.functions.invoke<{ url: string; expiresAt: number }>('share-audio', { body: { token } });
    expect(second.data!.expiresAt).toBe(clock + SHARE_AUDIO_SECONDS * 1000);

    await owner.supabase.rpc('share_revoke', { p_token: token });
    const again = await listener.functions.invoke('share-audio', { body: { token } });
    expect(await (again.error as { context: Response }).context.json()).toMatchObject({ message: 'This link is not available' });
    clock += SHARE_AUDIO_SECONDS * 1000 + 1000;
    expect((await fetch(first.data!.url)).status).toBeGreaterThanOrEqual(400);
    expect((await fetch(second.data!.url)).status).toBeGreaterThanOrEqual(400);
  });

  it('a protected link: no password asks for it, a wrong one is counted, and ten lock the audio too', async () => {
    const owner = await signedInClient(cloud, 'vic@example.com');
    await upgradeToPro(owner.supabase);
    const songId = crypto.randomUUID();
    await owner.supabase.from('songs').insert({ id: songId, data: { id: songId, name: 'Ember' } });
    await owner.supabase.storage.from('audio-files').upload(`${owner.userId}/${songId}/ember.mp3`, mix, { contentType: 'audio/mpeg' });
    expect((await owner.supabase.rpc('share_create', { p_song_id: songId, p_password: 'short' })).error?.message).toBe('A password is 8 to 200 characters.');
    const { token } = (await owner.supabase.rpc('share_create', { p_song_id: songId, p_password: 'harbour lights' })).data as { token: string };
    const listener = cloudClient(cloud);
    const ask = async (password?: string) => {
      const answer = await listener.functions.invoke<{ url: string }>('share-audio', { body: { token, password } });
      if (!answer.error) return { status: 200, message: null };
      const context = (answer.error as { context: Response }).context;
      return { status: context.status, message: ((await context.json()) as { message: string }).message };
    };
    expect(await ask()).toEqual({ status: 401, message: 'This link needs its password' });
    for (let guess = 0; guess < 10; guess += 1) expect(await ask(`guess ${guess}`)).toEqual({ status: 401, message: 'That password does not open this song.' });
    expect(await ask('harbour lights')).toEqual({ status: 429, message: 'Too many wrong passwords: this link is locked for 15 minutes.' });
    expect((await listener.rpc('share_listen', { p_token: token, p_password: 'harbour lights' })).error?.message).toBe('Too many wrong passwords: this link is locked for 15 minutes.');
  });
});
