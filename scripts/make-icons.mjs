// Draws the app icon (an amber quaver on a dark rounded square, the app's own colours) and writes it as
// assets/icon.png (1024 px), assets/icon.icns (macOS: ic09 512 px and ic10 1024 px PNG entries) and
// assets/icon.ico (Windows: one 256 px PNG entry), which forge.config.ts names as `assets/icon`; and the tray's
// glyph (16 and 32 px): a template image for macOS, amber for Windows. Run again only to
// change the icon: the files are committed.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BG = [0x18, 0x1b, 0x1e];
const ACCENT = [0xe0, 0xa8, 0x4e];

function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Coverage (0..1) of the glyph at a point in a 16-unit square, supersampled by the caller. */
function inside(x, y) {
  const corner = 3.2;
  const dx = Math.max(corner - x, 0, x - (16 - corner));
  const dy = Math.max(corner - y, 0, y - (16 - corner));
  const square = dx * dx + dy * dy <= corner * corner && x >= 0 && x <= 16 && y >= 0 && y <= 16;
  const head = ((x - 6.4) / 2.6) ** 2 + ((y - 11.2) / 1.9) ** 2 <= 1;
  const stem = x >= 8.25 && x <= 9.05 && y >= 3.4 && y <= 11.2;
  // The flag: a band falling to the right from the top of the stem, its end rounded off.
  const along = x - 9.05;
  const flag = along >= 0 && along <= 3.2 && y >= 3.4 + along * 0.95 && y <= 5.3 + along * 0.95 - (along > 2.4 ? (along - 2.4) * 1.6 : 0);
  return { square, note: head || stem || flag };
}

/** The tray's glyph alone: black for macOS's template image (the menu bar recolours it), amber elsewhere. */
function trayPng(size, colour) {
  const rows = [];
  const samples = 3;
  for (let py = 0; py < size; py++) {
    const row = [0];
    for (let px = 0; px < size; px++) {
      let note = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          // The glyph scaled up to fill the tray's square (the app icon keeps a margin).
          const x = 2 + (((px + (sx + 0.5) / samples) / size) * 16 * 12) / 16;
          const y = 1.8 + (((py + (sy + 0.5) / samples) / size) * 16 * 12) / 16;
          note += inside(x, y).note ? 1 : 0;
        }
      }
      row.push(...colour, Math.round((255 * note) / (samples * samples)));
    }
    rows.push(Buffer.from(row));
  }
  return encode(size, rows);
}

function encode(size, rows) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

function png(size) {
  const rows = [];
  const samples = 3;
  for (let py = 0; py < size; py++) {
    const row = [0];
    for (let px = 0; px < size; px++) {
      let square = 0;
      let note = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const hit = inside(((px + (sx + 0.5) / samples) / size) * 16, ((py + (sy + 0.5) / samples) / size) * 16);
          square += hit.square ? 1 : 0;
          note += hit.square && hit.note ? 1 : 0;
        }
      }
      const n = samples * samples;
      const mix = note / Math.max(1, square);
      const colour = BG.map((channel, i) => Math.round(channel + (ACCENT[i] - channel) * mix));
      row.push(...colour, Math.round((255 * square) / n));
    }
    rows.push(Buffer.from(row));
  }
  return encode(size, rows);
}

function icns(entries) {
  const parts = entries.map(([type, data]) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'latin1');
  head.writeUInt32BE(8 + parts.reduce((sum, part) => sum + part.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}

function ico(image) {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  // 0 means 256 px in the directory entry.
  header.writeUInt8(0, 6);
  header.writeUInt8(0, 7);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, image]);
}

const assets = path.resolve(import.meta.dirname, '..', 'assets');
const large = png(1024);
fs.writeFileSync(path.join(assets, 'icon.png'), large);
fs.writeFileSync(path.join(assets, 'icon.icns'), icns([['ic09', png(512)], ['ic10', large]]));
fs.writeFileSync(path.join(assets, 'icon.ico'), ico(png(256)));
fs.writeFileSync(path.join(assets, 'trayTemplate.png'), trayPng(16, [0, 0, 0]));
fs.writeFileSync(path.join(assets, 'trayTemplate@2x.png'), trayPng(32, [0, 0, 0]));
fs.writeFileSync(path.join(assets, 'tray.png'), trayPng(16, ACCENT));
fs.writeFileSync(path.join(assets, 'tray@2x.png'), trayPng(32, ACCENT));
console.log('Wrote assets/icon.png, icon.icns, icon.ico, trayTemplate(@2x).png, tray(@2x).png');
