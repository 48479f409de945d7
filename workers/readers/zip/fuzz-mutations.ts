/**
 * Seeded damage for the readers' mutation tests (no reader imports it): the ways a project file goes wrong on disk or
 * in hostile hands. A file cut short, bytes flipped, a length field made huge, a region duplicated or dropped.
 */

export function mutate(bytes: Buffer, random: () => number): Buffer {
  const at = Math.floor(random() * bytes.length);
  const span = 1 + Math.floor(random() * Math.min(256, bytes.length));
  switch (Math.floor(random() * 5)) {
    case 0:
      return bytes.subarray(0, at);
    case 1: {
      const flipped = Buffer.from(bytes);
      const flips = 1 + Math.floor(random() * 8);
      for (let flip = 0; flip < flips; flip++) {
        const index = Math.floor(random() * flipped.length);
        flipped[index] = (flipped[index] ?? 0) ^ (1 + Math.floor(random() * 255));
      }
      return flipped;
    }
    case 2: {
      // A length or count made huge: four bytes of 0xff, or a large big- or little-endian number.
      const huge = Buffer.from(bytes);
      const word = [0xffffffff, 0x7fffffff, 0x10000000 + Math.floor(random() * 0x1000000)][Math.floor(random() * 3)] ?? 0xffffffff;
      if (at + 4 <= huge.length) {
        if (random() < 0.5) huge.writeUInt32BE(word, at);
        else huge.writeUInt32LE(word, at);
      }
      return huge;
    }
    case 3:
      return Buffer.concat([bytes.subarray(0, at), bytes.subarray(at, at + span), bytes.subarray(at)]);
    default:
      return Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + span)]);
  }
}
