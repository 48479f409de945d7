import { describe, expect, it } from 'vitest';
import { openCommand, revealCommand } from './open-path';

describe('OS commands of the browser host', () => {
  it.each([
    ['darwin', '/Music/My Song/mix.wav', { command: 'open', args: ['-R', '/Music/My Song/mix.wav'] }],
    ['win32', 'C:\\Music\\My Song\\mix.wav', { command: 'explorer.exe', args: ['/select,"C:\\Music\\My Song\\mix.wav"'], verbatim: true }],
    ['linux', '/music/My Song/mix.wav', { command: 'xdg-open', args: ['/music/My Song'] }],
  ] as const)('reveals a file on %s', (platform, target, expected) => {
    expect(revealCommand(target, platform)).toEqual(expected);
  });

  it.each([
    ['darwin', '/Music/Song.als', { command: 'open', args: ['/Music/Song.als'] }],
    ['win32', 'C:\\Music\\a & b.als', { command: 'explorer.exe', args: ['"C:\\Music\\a & b.als"'], verbatim: true }],
    ['linux', '/music/Song.als', { command: 'xdg-open', args: ['/music/Song.als'] }],
  ] as const)('opens a file on %s', (platform, target, expected) => {
    expect(openCommand(target, platform)).toEqual(expected);
  });

  it('refuses a Windows path with a quote, which could close the quoting', () => {
    expect(() => openCommand('C:\\a" & calc & ".als', 'win32')).toThrow(/not a valid Windows path/);
  });
});
