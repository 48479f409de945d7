import { describe, expect, it } from 'vitest';
import { audioUnitsIn } from './project-plugins';

/** A plug-in chunk laid out as the fixture's: the tag, the name at 156, the backwards codes at 168. */
function chunk(name: string, codes: [string, string, string]): Buffer {
  const bytes = Buffer.alloc(200);
  bytes.write('UCuA', 0, 'latin1');
  bytes.write(name, 156, 'utf8');
  codes.forEach((code, index) => bytes.write([...code].reverse().join(''), 168 + index * 4, 'latin1'));
  return bytes;
}

describe('audioUnitsIn', () => {
  it('reads the name of each Audio Unit chunk, skipping Logic’s own plug-ins and chance occurrences of the tag', () => {
    const data = Buffer.concat([
      chunk('Diva', ['UHfX', 'aumu', 'DiVa']),
      // Logic's own: Emagic's code and no component type.
      chunk('ES2', ['EMAG', '\0\0\0\0', '\0\0\0\0']),
      chunk('Pro-Q 3', ['FabF', 'aufx', 'FQ3p']),
      // The tag inside other data: no codes.
      Buffer.from('xxUCuAxx'),
      Buffer.alloc(100),
      chunk('Diva', ['UHfX', 'aumu', 'DiVa']),
      // Cut short: the file ends before the codes.
      Buffer.from('UCuA'),
    ]);
    expect(audioUnitsIn(data)).toEqual(['Diva', 'Pro-Q 3', 'Diva']);
  });

  it('refuses a name that is not text', () => {
    const bad = chunk('', ['UHfX', 'aumu', 'DiVa']);
    bad.write('\u0001\u0002', 156, 'latin1');
    expect(audioUnitsIn(bad)).toEqual([]);
  });
});
