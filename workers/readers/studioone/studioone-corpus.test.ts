/** The real Studio One song of ../shared (fixtures/daw2/EXPECTED.md); skipped on a clone without it. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusTitle2, hasSharedFixtures2, SHARED_FIXTURES_2 } from '../../../fixtures/shared-fixtures';
import { readStudioOne } from './read-studioone';

const SONG = path.join(SHARED_FIXTURES_2, 'studioone', 'test-song', 'test-song.song');

describe.skipIf(!hasSharedFixtures2)(corpusTitle2('readStudioOne on the shared Studio One song'), () => {
  it('reads test-song.song as EXPECTED.md states', async () => {
    const meta = await readStudioOne(SONG);
    expect(meta).toMatchObject({ daw: 'studioone', tempo: 120, timeSignature: '4/4', trackCount: 1, tracks: ['normal file'] });
    expect(meta.dawVersion).toContain('5.3.0');
    // "plug-ins: none": its only devices are Studio One's own mixer channels.
    expect(meta.plugins).toEqual([]);
  });

  it('reads what metainfo.xml and the media pool state beyond EXPECTED.md', async () => {
    const meta = await readStudioOne(SONG);
    expect(meta).toMatchObject({ dawVersion: 'Studio One/5.3.0.65413', tempoAutomated: false, key: null, sampleRate: 96_000 });
    // metainfo.xml: Document:Title "test-song", Media:Artist "Paulo Mouat", Media:Genre "" (left out). Its
    // Document:Creator, the same name, is who made the file, not the artist. The key: "-", and song.xml's map unset.
    expect(meta.credits).toEqual({ title: 'test-song', artist: 'Paulo Mouat' });
    // Four FLAC files from the author's computer: listed as written, missing here.
    const raw = '/Users/paulomouat/Documents/Studio One/Songs/test-song/raw';
    const expected = ['nf-04', 'nf-03', 'nf-02', 'nf-01'].map((name) => `${raw}/${name}.flac`);
    expect(meta.samples).toEqual(expected);
    expect(meta.missingSamples).toEqual(expected);
  });
});
