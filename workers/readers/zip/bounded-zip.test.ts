import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UnreadableFileError } from '../../../common/projects/project-meta';
import { zipBytes, type ZipWriterEntry } from '../../synthetic/zip-writer';
import { withZip, type ZipArchive, type ZipLimits } from './bounded-zip';

let workDir: string;

beforeEach(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'songshelf-zip-'));
});

afterEach(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

const LIMITS: ZipLimits = { kind: 'test archive', maxArchiveBytes: 64 * 1024 * 1024 };

async function archive(bytes: Buffer, name = 'test.zip'): Promise<string> {
  const filePath = path.join(workDir, name);
  await fs.writeFile(filePath, bytes);
  return filePath;
}

function read<T>(filePath: string, use: (zip: ZipArchive) => T, limits: ZipLimits = LIMITS): T {
  return withZip(filePath, limits, use);
}

function refusal(filePath: string, use: (zip: ZipArchive) => unknown = () => undefined, limits: ZipLimits = LIMITS): string {
  let failure: unknown = null;
  try {
    read(filePath, use, limits);
  } catch (error) {
    failure = error;
  }
  expect(failure).toBeInstanceOf(UnreadableFileError);
  expect((failure as UnreadableFileError).path).toBe(filePath);
  return (failure as UnreadableFileError).reason;
}

const XML = `<?xml version="1.0"?>\n<Song>${'<Track name="Bass" volume="0.5"/>\n'.repeat(2000)}</Song>`;

const hasZipCli = (() => {
  try {
    execFileSync('zip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasZipCli)('withZip on archives made by the zip command', () => {
  it.each([
    ['deflated', ['-r', '-q']],
    ['stored', ['-r', '-q', '-0']],
  ])('reads %s entries, folders and names with spaces', async (_label, flags) => {
    const source = path.join(workDir, 'source');
    await fs.mkdir(path.join(source, 'Song'), { recursive: true });
    await fs.mkdir(path.join(source, 'Envelopes', 'normal file'), { recursive: true });
    await fs.writeFile(path.join(source, 'metainfo.xml'), '\uFEFF<MetaInformation/>');
    await fs.writeFile(path.join(source, 'Song', 'song.xml'), XML);
    await fs.writeFile(path.join(source, 'Envelopes', 'normal file', 'Volume.envelopex'), Buffer.from([1, 2, 3]));
    await fs.writeFile(path.join(source, 'empty.txt'), '');
    const filePath = path.join(workDir, 'made.zip');
    execFileSync('zip', [...flags, filePath, '.'], { cwd: source });

    read(filePath, (zip) => {
      expect(zip.names()).toEqual(expect.arrayContaining(['metainfo.xml', 'Song/', 'Song/song.xml', 'Envelopes/normal file/Volume.envelopex', 'empty.txt']));
      expect(zip.read('Song/song.xml').toString()).toBe(XML);
      expect(zip.read('metainfo.xml').toString()).toBe('\uFEFF<MetaInformation/>');
      expect([...zip.read('Envelopes/normal file/Volume.envelopex')]).toEqual([1, 2, 3]);
      expect(zip.read('empty.txt').length).toBe(0);
    });
  });
});

describe('withZip on archives from the zip writer', () => {
  it('reads stored and deflated entries, folders, UTF-8 names and a comment', async () => {
    const filePath = await archive(
      zipBytes(
        [
          { name: 'Devices/' },
          { name: 'Song/song.xml', data: XML },
          { name: 'metainfo.xml', data: '<MetaInformation/>', method: 'store' },
          { name: 'audio/Grüße.wav', data: Buffer.alloc(1000, 7), method: 'store' },
          { name: 'notes.txt', data: '' },
        ],
        { comment: 'made by a test' },
      ),
    );
    read(filePath, (zip) => {
      expect(zip.has('Song/song.xml')).toBe(true);
      expect(zip.has('song.xml')).toBe(false);
      expect(zip.read('Song/song.xml').toString()).toBe(XML);
      expect(zip.read('metainfo.xml').toString()).toBe('<MetaInformation/>');
      expect(zip.read('audio/Grüße.wav')).toEqual(Buffer.alloc(1000, 7));
      expect(zip.read('notes.txt').length).toBe(0);
    });
  });

  it('says which part is missing', async () => {
    const filePath = await archive(zipBytes([{ name: 'project.xml', data: '<Project/>' }]));
    expect(refusal(filePath, (zip) => zip.read('metainfo.xml'))).toBe('has no metainfo.xml');
  });
});

describe('withZip refuses zip bombs', () => {
  const huge = Buffer.alloc(16 * 1024 * 1024);

  it('refuses an entry that declares a small size but inflates past it', async () => {
    const filePath = await archive(zipBytes([{ name: 'Song/song.xml', data: huge, declare: { size: 1000, crc32: 0 } }]));
    expect(refusal(filePath, (zip) => zip.read('Song/song.xml'))).toBe('Song/song.xml inflates past the 1000 bytes it declares (zip bomb?)');
  });

  it('refuses an entry that declares more than a part may have, before inflating it', async () => {
    const filePath = await archive(zipBytes([{ name: 'project.xml', data: 'small', declare: { size: 0x7fff_ffff } }]));
    expect(refusal(filePath, (zip) => zip.read('project.xml'))).toBe('project.xml declares 2147483647 bytes, more than the 134217728 a part may have');
  });

  it('refuses parts that together inflate past the archive cap', async () => {
    const part = Buffer.alloc(1024 * 1024, 0x41);
    const filePath = await archive(zipBytes([{ name: 'a.xml', data: part }, { name: 'b.xml', data: part }]));
    const limits = { ...LIMITS, maxPartBytes: 1024 * 1024, maxInflatedBytes: 1.5 * 1024 * 1024 };
    expect(refusal(filePath, (zip) => [zip.read('a.xml'), zip.read('b.xml')], limits)).toBe(
      'parts inflate to more than 1572864 bytes together (zip bomb?)',
    );
  });

  it('refuses central entries that share one local header (overlapping files)', async () => {
    const filePath = await archive(zipBytes([{ name: 'kernel', data: huge }, { name: 'copy 1', data: huge, sharesLocalHeaderOf: 0 }]));
    expect(refusal(filePath)).toBe('ZIP entries kernel and copy 1 overlap');
  });

  it('refuses an entry whose declared data runs into the next entry', async () => {
    const filePath = await archive(zipBytes([{ name: 'a.xml', data: XML, declare: { compressedSize: 60_000 } }, { name: 'b.xml', data: 'b' }]));
    expect(refusal(filePath)).toBe('ZIP entries a.xml and b.xml overlap');
  });
});

describe('withZip refuses damaged and foreign archives', () => {
  const good = zipBytes([
    { name: 'metainfo.xml', data: '<MetaInformation/>' },
    { name: 'Song/song.xml', data: XML },
  ]);

  it('refuses an empty file, a file that is no ZIP, and one larger than the format allows', async () => {
    expect(refusal(await archive(Buffer.alloc(0)))).toBe('is empty');
    expect(refusal(await archive(Buffer.from('<?xml version="1.0"?><Song/>')))).toBe('is not a ZIP archive (not a test archive)');
    expect(refusal(await archive(good), undefined, { ...LIMITS, maxArchiveBytes: 100 })).toBe(`${good.length} bytes, more than the 100 a test archive may have`);
  });

  it('refuses an archive cut short anywhere', async () => {
    for (const length of [10, 100, good.length / 2, good.length - 30, good.length - 1]) {
      const reason = refusal(await archive(good.subarray(0, Math.floor(length)), `cut-${length}.zip`));
      expect(reason).toMatch(/cut short|not a ZIP archive/);
    }
  });

  it('refuses a central directory cut short or holding more than its entries', async () => {
    const fewer = Buffer.from(good);
    fewer.writeUInt16LE(3, fewer.length - 12);
    fewer.writeUInt16LE(3, fewer.length - 14);
    expect(refusal(await archive(fewer, 'fewer.zip'))).toBe('ZIP central directory is cut short or damaged');
    const more = Buffer.from(good);
    more.writeUInt16LE(1, more.length - 12);
    more.writeUInt16LE(1, more.length - 14);
    expect(refusal(await archive(more, 'more.zip'))).toBe('ZIP central directory holds more than its entries');
    const past = Buffer.from(good);
    past.writeUInt32LE(past.readUInt32LE(past.length - 6) + 100, past.length - 6);
    expect(refusal(await archive(past, 'past.zip'))).toBe('ZIP central directory runs past its end (cut short?)');
  });

  it('refuses ZIP64 and multi-part archives', async () => {
    const zip64 = Buffer.from(good);
    zip64.writeUInt32LE(0xffffffff, zip64.length - 6);
    expect(refusal(await archive(zip64, 'zip64.zip'))).toBe('is a ZIP64 archive (not read: no project of this kind needs one)');
    const split = Buffer.from(good);
    split.writeUInt16LE(1, split.length - 18);
    expect(refusal(await archive(split, 'split.zip'))).toBe('is one part of a multi-part ZIP archive');
  });

  it('refuses encrypted entries and unknown compression methods', async () => {
    const filePath = await archive(
      zipBytes([
        { name: 'secret.xml', data: 'x', declare: { flags: 1 } },
        { name: 'bzip2.xml', data: 'x', method: 'store', declare: { method: 12 } },
      ]),
    );
    expect(refusal(filePath, (zip) => zip.read('secret.xml'))).toBe('secret.xml is encrypted');
    expect(refusal(filePath, (zip) => zip.read('bzip2.xml'))).toBe('bzip2.xml is compressed with method 12 (only stored and deflated parts are read)');
  });

  it('refuses a damaged entry: a wrong CRC, a corrupt deflate stream, a local header that disagrees', async () => {
    const wrongCrc = await archive(zipBytes([{ name: 'a.xml', data: XML, declare: { crc32: 1234 } }]), 'crc.zip');
    expect(refusal(wrongCrc, (zip) => zip.read('a.xml'))).toBe('a.xml fails its CRC-32 check (damaged)');

    const corrupt = Buffer.from(zipBytes([{ name: 'a.xml', data: XML }]));
    corrupt.fill(0xff, 30 + 5, 30 + 25);
    expect(refusal(await archive(corrupt, 'corrupt.zip'), (zip) => zip.read('a.xml'))).toMatch(/^a\.xml (is damaged|is cut short|inflates)/);

    const renamed = Buffer.from(zipBytes([{ name: 'a.xml', data: XML }]));
    renamed.write('b', 30);
    expect(refusal(await archive(renamed, 'renamed.zip'), (zip) => zip.read('a.xml'))).toBe('a.xml: its local header names another entry');

    const method = Buffer.from(zipBytes([{ name: 'a.xml', data: XML }]));
    method.writeUInt16LE(0, 8);
    expect(refusal(await archive(method, 'method.zip'), (zip) => zip.read('a.xml'))).toBe('a.xml: its local header disagrees with the central directory');
  });

  it('refuses to choose between two entries of one name', async () => {
    const entries: ZipWriterEntry[] = [
      { name: 'metainfo.xml', data: '<A/>' },
      { name: 'metainfo.xml', data: '<B/>' },
    ];
    expect(refusal(await archive(zipBytes(entries)), (zip) => zip.read('metainfo.xml'))).toBe('ZIP archive holds two entries named metainfo.xml');
  });

  it('refuses too many entries and over-long names', async () => {
    const many = Buffer.from(good);
    many.writeUInt16LE(60_000, many.length - 12);
    many.writeUInt16LE(60_000, many.length - 14);
    expect(refusal(await archive(many, 'many.zip'))).toBe('ZIP archive has 60000 entries, more than the 50000 a test archive may have');
    expect(refusal(await archive(zipBytes([{ name: `${'a'.repeat(2000)}.xml`, data: 'x' }]), 'long.zip'))).toBe('ZIP entry name of 2004 bytes, more than 1024');
  });

  it.skipIf(process.platform === 'win32')('refuses a FIFO named like an archive without waiting for a writer', async () => {
    const fifo = path.join(workDir, 'pipe.zip');
    execFileSync('mkfifo', [fifo]);
    expect(refusal(fifo)).toBe('is a pipe (FIFO), not a file');
  });

});
