// Listening links through @supabase/supabase-js over HTTP (issue 33): the owner makes one by RPC; a listener with
// no account (the anon key alone) opens it, comments, and gets the audio by a signed address that opens that one
// object for an hour; the tables stay closed to them, and a revoked link gets the same plain refusal everywhere.
import { beforeAll, describe, expect, it } from 'vitest';
import { cloudClient, upgradeToPro, useTestCloud } from './test-support';

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
    expect(audio.data!.expiresAt - Date.now()).toBeGreaterThan(3500_000);
    expect(audio.data!.expiresAt - Date.now()).toBeLessThanOrEqual(3600_000);
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
