// Test helpers: songs made through the page's own bridge (the same `window.api` the app uses), and audio files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { Api } from '../common/ipc';
import type { NewSong } from '../common/song';

declare global {
  interface Window {
    api?: Api;
  }
}

export async function addSongs(page: Page, songs: NewSong[]): Promise<string[]> {
  // Passed as JSON text: the song type's recursive JSON values are too deep for `evaluate`'s typing.
  return page.evaluate(async (json) => {
    const ids: string[] = [];
    for (const song of JSON.parse(json) as NewSong[]) {
      const result = await window.api!['db:add-song'](song);
      if (!result.ok) throw new Error(result.error.message);
      ids.push(result.data.id);
    }
    return ids;
  }, JSON.stringify(songs));
}

/** Shows only the rows whose text matches, so tests sharing one library see just their own songs. */
export async function search(page: Page, text: string) {
  await page.getByLabel('Search songs').fill(text);
  // The box waits a moment before it asks the core: wait until the rows answer this search.
  await expect(page.getByTestId('song-grid')).toHaveAttribute('data-search', text.trim());
}

export function row(page: Page, name: string) {
  return page.getByTestId('song-row').filter({ hasText: name });
}

export function cell(page: Page, name: string, column: string) {
  return row(page, name).locator(`[data-column="${column}"]`);
}

export async function expectNames(page: Page, names: string[]) {
  await expect(page.getByTestId('song-row').locator('[data-column="name"]')).toHaveText(names);
}

/** A real 16-bit mono PCM WAV of `seconds` of a 440 Hz tone. */
export function writeWav(file: string, seconds = 1, sampleRate = 8000): string {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 8000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  fs.writeFileSync(file, Buffer.concat([header, data]));
  return file;
}

export function tempFolder(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
