/** Files that are not whole FL Studio projects: each ends in UnreadableFileError with its reason, never anything else. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UnreadableFileError } from '../../../common/projects/project-meta';
import { buildFlStudioProject, byteEvent, dataEvent, flpFile, utf16Text, wordEvent, wrapperData } from '../../synthetic/flstudio';
import { MAX_EVENTS } from './flp-events';
import { MAX_TEXT_BYTES } from './flp-text';
import { MAX_FLP_BYTES, readFlStudio } from './read-flstudio';

let workDir: string;

beforeEach(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'songshelf-flstudio-hostile-'));
});

afterEach(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

async function writeBytes(bytes: Uint8Array, name = 'Hostile.flp'): Promise<string> {
  const filePath = path.join(workDir, name);
  await fs.writeFile(filePath, bytes);
  return filePath;
}

async function reasonFor(filePath: string): Promise<string> {
  const failure = await readFlStudio(filePath).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(UnreadableFileError);
  return (failure as UnreadableFileError).reason;
}

const project = buildFlStudioProject({ title: 'Hostile' });
/** A project whose events section is `events`, its length stated truly. */
const withEvents = (...events: Buffer[]) => flpFile([dataEvent(199, Buffer.from('20.0.5.91\0', 'latin1')), ...events]);
/** `bytes` with the events' stated length set to what is left after the header. */
const restated = (bytes: Buffer) => {
  const copy = Buffer.from(bytes);
  copy.writeUInt32LE(copy.length - 22, 18);
  return copy;
};

describe('readFlStudio on files that are not projects', () => {
  it.each([
    { what: 'an empty file', bytes: Buffer.alloc(0), reason: /^is empty$/ },
    { what: 'a ZIP named .flp', bytes: Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.alloc(60)]), reason: /ZIP archive/ },
    { what: 'an empty ZIP named .flp', bytes: Buffer.concat([Buffer.from('PK\u0005\u0006', 'latin1'), Buffer.alloc(18)]), reason: /ZIP archive/ },
    { what: 'a text file', bytes: Buffer.from('not a project at all'), reason: /does not start with FLhd/ },
    { what: 'a MIDI file', bytes: Buffer.from('MThd\0\0\0\u0006\0\u0001\0\u0002\u0001\u00e0', 'latin1'), reason: /does not start with FLhd/ },
    { what: 'a header of another length', bytes: (() => { const b = Buffer.from(project); b.writeUInt32LE(8, 4); return b; })(), reason: /header says 8 bytes, not 6/ },
    { what: 'a score or preset (format 0x10)', bytes: (() => { const b = Buffer.from(project); b.writeInt16LE(0x10, 8); return b; })(), reason: /format 16, not a project/ },
    { what: 'no FLdt chunk', bytes: (() => { const b = Buffer.from(project); b.write('FLxx', 14, 'latin1'); return b; })(), reason: /no FLdt events/ },
    { what: 'an events length of 0xffffffff', bytes: (() => { const b = Buffer.from(project); b.writeUInt32LE(0xffffffff, 18); return b; })(), reason: /cut short: its events claim 4294967295 bytes/ },
    { what: 'an events section one byte longer than the file', bytes: (() => { const b = Buffer.from(project); b.writeUInt32LE(b.length - 21, 18); return b; })(), reason: /cut short: its events claim/ },
  ])('refuses $what', async ({ bytes, reason }) => {
    expect(await reasonFor(await writeBytes(bytes))).toMatch(reason);
  });

  it('refuses the project cut at any of 200 points, stated length kept', async () => {
    for (let step = 0; step < 200; step++) {
      const cut = Math.floor((step * (project.length - 1)) / 200);
      expect(await reasonFor(await writeBytes(project.subarray(0, cut), `cut-${step}.flp`))).toMatch(/is empty|does not start with FLhd|cut short/);
    }
  });

  it('refuses the project cut inside an event, the stated length made to agree', async () => {
    let refusedInside = 0;
    for (let cut = 23; cut < 1200; cut += 7) {
      const bytes = restated(project.subarray(0, cut));
      const failure = await readFlStudio(await writeBytes(bytes, `inside-${cut}.flp`)).then(() => null, (error: unknown) => error);
      // A cut that happens to fall between two events leaves a shorter project, which reads.
      if (failure === null) continue;
      expect(failure).toBeInstanceOf(UnreadableFileError);
      expect((failure as UnreadableFileError).reason).toMatch(/runs past the end of the events|claims \d+ bytes, \d+ remain|plug-in record/);
      refusedInside += 1;
    }
    expect(refusedInside).toBeGreaterThan(100);
  });

  it.each([
    { what: 'a varint of six bytes', bytes: withEvents(Buffer.from([203, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01])), reason: /length of more than 5 bytes/ },
    { what: 'a varint that never ends', bytes: withEvents(Buffer.from([203, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])), reason: /length of more than 5 bytes/ },
    { what: 'a varint cut by the end', bytes: withEvents(Buffer.from([203, 0x80, 0x80])), reason: /runs past the end of the events/ },
    { what: 'a 5-byte length of 34 GB', bytes: withEvents(Buffer.from([213, 0xff, 0xff, 0xff, 0xff, 0x7f, 0, 0])), reason: /claims 34359738367 bytes, 2 remain/ },
    { what: 'a u32 event cut by the end', bytes: withEvents(Buffer.from([156, 0x10, 0x27])), reason: /event 156 at byte \d+ runs past the end/ },
    { what: 'a u16 event cut by the end', bytes: withEvents(Buffer.from([64, 0x01])), reason: /event 64 at byte \d+ runs past the end/ },
    { what: 'a one-byte event cut by the end', bytes: withEvents(Buffer.from([21])), reason: /event 21 at byte \d+ runs past the end/ },
  ])('refuses $what', async ({ bytes, reason }) => {
    expect(await reasonFor(await writeBytes(bytes))).toMatch(reason);
  });

  it.each([
    { what: 'a u64 record size of 2^63', patch: (data: Buffer) => data.writeBigUInt64LE(2n ** 63n, 8), reason: /claims more bytes than its event holds/ },
    { what: 'a record size past its event', patch: (data: Buffer) => data.writeBigUInt64LE(BigInt(data.length), 8), reason: /claims more bytes than its event holds/ },
  ])('refuses a Fruity Wrapper record with $what', async ({ patch, reason }) => {
    const data = wrapperData({ name: 'Serum', path: 'C:\\VST\\Serum.dll' });
    patch(data);
    const bytes = withEvents(wordEvent(64, 0), byteEvent(21, 2), dataEvent(201, utf16Text('Fruity Wrapper')), dataEvent(213, data));
    expect(await reasonFor(await writeBytes(bytes))).toMatch(reason);
  });

  it('refuses a Fruity Wrapper record cut inside its header', async () => {
    const data = Buffer.concat([wrapperData({ name: 'Serum' }), Buffer.alloc(5)]);
    const bytes = withEvents(dataEvent(201, utf16Text('Fruity Wrapper')), dataEvent(213, data));
    expect(await reasonFor(await writeBytes(bytes))).toMatch(/plug-in record at byte \d+ is cut short/);
  });

  it('refuses a name longer than any path', async () => {
    const bytes = withEvents(wordEvent(64, 0), dataEvent(203, Buffer.alloc(MAX_TEXT_BYTES + 2, 0x41)));
    expect(await reasonFor(await writeBytes(bytes))).toMatch(new RegExp(`event 203 holds a text of ${MAX_TEXT_BYTES + 2} bytes`));
  });

  it('refuses more events than any project holds', async () => {
    const bytes = withEvents(Buffer.alloc(2 * MAX_EVENTS, 0));
    expect(await reasonFor(await writeBytes(bytes))).toMatch(new RegExp(`more than ${MAX_EVENTS} events`));
  });

  it('refuses a file larger than the cap before reading it', async () => {
    const filePath = await writeBytes(project);
    await fs.truncate(filePath, MAX_FLP_BYTES + 1);
    expect(await reasonFor(filePath)).toMatch(/more than the 67108864 a project may have/);
  });

  it('refuses a folder and a missing file', async () => {
    await fs.mkdir(path.join(workDir, 'Folder.flp'));
    expect(await reasonFor(path.join(workDir, 'Folder.flp'))).toMatch(/is a folder/);
    expect(await reasonFor(path.join(workDir, 'Gone.flp'))).toMatch(/is missing/);
  });

  it.skipIf(process.platform === 'win32')('refuses a FIFO named .flp without waiting for a writer', async () => {
    const fifo = path.join(workDir, 'Pipe.flp');
    execFileSync('mkfifo', [fifo]);
    expect(await reasonFor(fifo)).toMatch(/pipe \(FIFO\)/);
  });
});
