import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildAlsXml, writeAls, type AlsOptions } from '../../../fixtures/generators/als';
import type { AlsFacts } from './als-facts';
import { CarefulAlsScanner } from './careful-scanner';
import { FastAlsScanner } from './fast-scanner';
import { readAls, scanWith, type AlsScanner } from './read-als';
import { FastScanBailout } from './set-rejected';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-als-scan-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const SAMPLES = ['Samples/Imported/kick.wav', 'Samples/Imported/hat & ride.wav', '../Shared/loop.wav'];
const RICH_SETS: AlsOptions[] = [
  { style: 'live10', samples: SAMPLES, tempo: '119.999992', tempoAutomation: [100, 120], timeSignature: 302 },
  { style: 'live11', samples: SAMPLES, tracks: 9, clipsPerTrack: 3, targetCompressedBytes: 60_000 },
  { style: 'live12', samples: SAMPLES, scale: { root: 4, name: 1, inKey: true }, tempoAutomation: [90, 91] },
];

function scanInChunks(scanner: AlsScanner, xml: Buffer, chunkBytes: number): AlsFacts {
  for (let start = 0; start < xml.length; start += chunkBytes) scanner.write(xml.subarray(start, start + chunkBytes));
  return scanner.end();
}

describe('FastAlsScanner', () => {
  it.each([1, 2, 3, 7, 64, 4093])('collects the same facts when the XML arrives in %i-byte chunks', (chunkBytes) => {
    // Unpadded sets only: a marker split at every possible byte, without a million one-byte writes.
    for (const options of RICH_SETS.filter((set) => set.targetCompressedBytes === undefined)) {
      const xml = Buffer.from(buildAlsXml(options), 'utf8');
      const whole = scanInChunks(new FastAlsScanner(), xml, xml.length);
      expect(scanInChunks(new FastAlsScanner(), xml, chunkBytes)).toEqual(whole);
    }
  });

  it('reads a set that starts with a byte order mark, however it is cut', () => {
    const xml = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(buildAlsXml({ tempo: 101 }), 'utf8')]);
    const careful = scanInChunks(new CarefulAlsScanner(), xml, xml.length);
    expect(careful.tempoManual).toBe('101');
    for (const chunkBytes of [1, 2, 4, xml.length]) expect(scanInChunks(new FastAlsScanner(), xml, chunkBytes)).toEqual(careful);
  });

  it.each(RICH_SETS.map((options) => [options.style, options] as const))(
    'collects the same facts as the careful scanner from a generated %s set',
    async (style, options) => {
      const filePath = path.join(root, `${style}.als`);
      writeAls(filePath, options);
      const fast = await scanWith(new FastAlsScanner(), filePath);
      expect(fast).toEqual(await scanWith(new CarefulAlsScanner(), filePath));
      expect(fast.sampleRefs).toHaveLength(SAMPLES.length);
    },
  );

  it.each([
    ['a comment', (xml: string) => xml.replace('<Tracks>', '<Tracks><!-- a note -->')],
    ['CDATA', (xml: string) => xml.replace('<Tracks>', '<Tracks><![CDATA[<AudioTrack>]]>')],
    ['a processing instruction', (xml: string) => xml.replace('<Tracks>', '<Tracks><?live hint?>')],
  ])('hands a set with %s to the careful scanner', (_case, edit) => {
    const xml = Buffer.from(edit(buildAlsXml({ tracks: 3 })), 'utf8');
    expect(() => scanInChunks(new FastAlsScanner(), xml, xml.length)).toThrow(FastScanBailout);
  });

  it('collects what the careful scanner does from a set with a track nested in a track (it skips the inner one)', () => {
    const xml = Buffer.from(nestTrackInFirstTrack(buildAlsXml({ tracks: 3 })), 'utf8');
    const fast = scanInChunks(new FastAlsScanner(), xml, xml.length);
    expect(fast.trackNames).toHaveLength(3);
    expect(fast).toEqual(scanInChunks(new CarefulAlsScanner(), xml, xml.length));
  });

  it('counts only the direct children of Tracks when a track holds another', async () => {
    const filePath = path.join(root, 'nested.als');
    fs.writeFileSync(filePath, zlib.gzipSync(nestTrackInFirstTrack(buildAlsXml({ tracks: 3 }))));
    expect((await readAls(filePath)).trackCount).toBe(3);
  });
});

function nestTrackInFirstTrack(xml: string): string {
  return xml.replace('<AutomationEnvelopes>', '<AudioTrack Id="77"><Name><EffectiveName Value="inner" /></Name></AudioTrack><AutomationEnvelopes>');
}
