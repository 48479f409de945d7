/**
 * One handler file per channel prefix: `songs:*` in song-handlers.ts, `library:*` in library-handlers.ts. The spec's
 * channels without a prefix live with their subject (the file API in file-handlers.ts, the folders in
 * library-handlers.ts). A new prefix, or a new unprefixed channel, fails to compile here until it is given a file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANNELS, type Channel } from '../../../common/bridge/ipc';

type Prefix = Channel extends infer C ? (C extends `${infer P}:${string}` ? P : never) : never;
type Unprefixed = Exclude<Channel, `${string}:${string}`>;

const FILE_OF_PREFIX: Record<Prefix, string> = {
  account: 'account-handlers.ts',
  cloud: 'cloud-handlers.ts',
  db: 'db-handlers.ts',
  fields: 'field-handlers.ts',
  jobs: 'job-handlers.ts',
  library: 'library-handlers.ts',
  songs: 'song-handlers.ts',
  sync: 'sync-handlers.ts',
  tags: 'tag-handlers.ts',
  plugins: 'plugin-handlers.ts',
  studio: 'studio-handlers.ts',
};

const FILE_OF_UNPREFIXED: Record<Unprefixed, string> = {
  getFileStats: 'file-handlers.ts',
  readFile: 'file-handlers.ts',
  openExternal: 'file-handlers.ts',
  saveLocalFile: 'file-handlers.ts',
  compressAudio: 'file-handlers.ts',
  deleteFile: 'file-handlers.ts',
  showItemInFolder: 'file-handlers.ts',
  openPath: 'file-handlers.ts',
  watchDirectory: 'library-handlers.ts',
  getWatchedDirectories: 'library-handlers.ts',
  scanDirectory: 'library-handlers.ts',
};

function fileOf(channel: Channel): string {
  const colon = channel.indexOf(':');
  return colon < 0 ? FILE_OF_UNPREFIXED[channel as Unprefixed] : FILE_OF_PREFIX[channel.slice(0, colon) as Prefix];
}

/** Each handler file's exported map, by file name: every `*-handlers.ts` in this folder. */
async function handlerFiles(): Promise<Map<string, Record<string, unknown>>> {
  const names = fs.readdirSync(import.meta.dirname).filter((name) => name.endsWith('-handlers.ts'));
  const files = new Map<string, Record<string, unknown>>();
  for (const name of names) {
    const module = (await import(`./${path.basename(name, '.ts')}`)) as Record<string, Record<string, unknown>>;
    const maps = Object.entries(module).filter(([exported]) => exported.endsWith('Handlers'));
    expect(maps, `${name} exports one handler map`).toHaveLength(1);
    files.set(name, maps[0]![1]);
  }
  return files;
}

describe('handler files', () => {
  it("serve each channel from its prefix's file, and from no other", async () => {
    const files = await handlerFiles();
    const misplaced: string[] = [];
    for (const channel of CHANNELS) {
      for (const [file, map] of files) {
        const has = Object.hasOwn(map, channel);
        if (has !== (file === fileOf(channel))) misplaced.push(`${channel} ${has ? 'is in' : 'is missing from'} ${file}`);
      }
    }
    expect(misplaced).toEqual([]);
  });

  it('hold no handler for a channel the contract does not have', async () => {
    const known = new Set<string>(CHANNELS);
    const strays = [...(await handlerFiles())].flatMap(([file, map]) => Object.keys(map).filter((channel) => !known.has(channel)).map((channel) => `${file}: ${channel}`));
    expect(strays).toEqual([]);
  });
});
