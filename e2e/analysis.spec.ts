// Hearing the songs (issue 18): bounces and loose audio get a tempo, key, loudness, length and waveform from their
// audio; a bounce that disagrees with its project says so; the player draws the waveform and seeks where clicked.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { writeAls } from '../fixtures/generators/als';
import { synthGroove, synthProgression } from '../fixtures/generators/audio-corpus';
import { writeSignalWav } from '../fixtures/generators/wav';
import { cell, openAndWatch, search, showColumns } from './songs';

test('bounces are heard: BPM, key, LUFS and a waveform in the table and the player; a half-time bounce says so', async ({ page }) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-e2e-heard-'));
  writeSignalWav(path.join(root, 'Heard Club.wav'), synthGroove({ bpm: 128, pattern: 'four-on-floor', durationS: 12 }), 44_100, 2);
  writeSignalWav(path.join(root, 'Heard Chords.wav'), synthProgression({ key: 'A minor', durationS: 12 }), 44_100, 2);
  const project = path.join(root, 'Heard Halftime Project');
  fs.mkdirSync(project);
  writeAls(path.join(project, 'Heard Halftime.als'), { tempo: 174 });
  writeSignalWav(path.join(project, 'Heard Halftime.wav'), synthGroove({ bpm: 87, pattern: 'four-on-floor', durationS: 12 }), 44_100, 2);

  await openAndWatch(page, root);
  await search(page, 'Heard');
  await showColumns(page, ['BPM (audio)', 'Key (audio)', 'LUFS', 'Waveform']);

  // Analysed in the background; the rows fill in as it goes.
  await expect(cell(page, 'Heard Club', 'audioBpm')).toHaveText('128', { timeout: 30_000 });
  await expect(cell(page, 'Heard Club', 'tempo')).toHaveText('128');
  await expect(cell(page, 'Heard Chords', 'audioKey')).toHaveText('A minor', { timeout: 30_000 });
  await expect(cell(page, 'Heard Club', 'lufs')).toHaveText(/^-\d+(\.\d)?$/);
  await expect(cell(page, 'Heard Club', 'waveform').getByRole('img', { name: 'Waveform of Heard Club' })).toBeVisible();
  const halftime = cell(page, 'Heard Halftime', 'audioBpm');
  // The project's octave (issue 31), its half-time feel named.
  await expect(halftime).toHaveText(/^174 ≠$/, { timeout: 30_000 });
  await expect(halftime.getByTestId('cell-note')).toHaveAttribute('aria-label', 'bounce at 87, project at 174: half-time');
  // The project's tempo stays the song's, and its cell says the bounce disagrees too (where the user looks first).
  await expect(cell(page, 'Heard Halftime', 'tempo')).toHaveText(/^174 ≠$/);
  await expect(cell(page, 'Heard Halftime', 'tempo').getByTestId('cell-note')).toHaveAttribute('aria-label', 'bounce at 87, project at 174: half-time');

  // Searching what was heard.
  await search(page, 'Heard audiobpm:120..130');
  await expect(page.getByTestId('song-row')).toHaveCount(1);
  await search(page, 'Heard lufs:..0');
  await expect(page.getByTestId('song-row')).toHaveCount(3);
  await search(page, 'Heard');
  await page.screenshot({ path: 'e2e/artifacts/analysis.png' });
  await halftime.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/artifacts/analysis-columns.png' });

  // The player draws the waveform and seeks where it is clicked.
  await page.getByRole('button', { name: 'Play Heard Club' }).click();
  const player = page.getByRole('contentinfo', { name: 'Player' });
  const waveform = player.getByRole('slider', { name: 'Waveform' });
  await expect(waveform).toBeVisible();
  await player.getByRole('button', { name: 'Pause' }).click();
  const box = (await waveform.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
  await expect.poll(async () => Number(await player.getByRole('slider', { name: 'Seek' }).inputValue())).toBeGreaterThan(8);
  await page.screenshot({ path: 'e2e/artifacts/analysis-player.png' });
});

test('a tempo heard two ways shows both, and one click keeps the other as the song’s tempo', async ({ page }) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-e2e-twice-'));
  // A backbeat at 100 under one at 200, nearly as loud: either is the tempo (issue 31).
  const slow = synthGroove({ bpm: 100, pattern: 'backbeat', durationS: 16 });
  const fast = synthGroove({ bpm: 200, pattern: 'backbeat', durationS: 16 });
  writeSignalWav(path.join(root, 'Heard Twice.wav'), slow.map((value, i) => value + 0.73 * (fast[i] ?? 0)), 44_100, 2);

  await openAndWatch(page, root);
  await search(page, 'Heard Twice');
  const tempo = cell(page, 'Heard Twice', 'tempo');
  await expect(tempo).toHaveText('100 | 200', { timeout: 30_000 });
  await page.screenshot({ path: 'e2e/artifacts/tempo-two-readings.png' });
  await tempo.getByRole('button', { name: 'Keep 200 BPM' }).click();
  await expect(tempo).toHaveText('200');
  // The choice is the user's: a new look at the rows keeps it.
  await page.reload();
  await search(page, 'Heard Twice');
  await expect(cell(page, 'Heard Twice', 'tempo')).toHaveText('200');
});
