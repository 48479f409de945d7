import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionHome } from './session-home';

describe('sessionHome', () => {
  it('reads a DAW’s backup copy from the folder of the session it copies', () => {
    expect(sessionHome('/m/Song Project/Backup/Song [2024-03-01 200000].als')).toBe(path.resolve('/m/Song Project'));
    expect(sessionHome('/m/Mix/Session File Backups/Mix.bak.003.ptx')).toBe(path.resolve('/m/Mix'));
  });

  it('reads any other session from its own folder, even in a folder called Backup', () => {
    expect(sessionHome('/m/Song Project/Song.als')).toBe(path.resolve('/m/Song Project'));
    expect(sessionHome('/m/Backup/Old Song.als')).toBe(path.resolve('/m/Backup'));
    expect(sessionHome('/m/Session File Backups/Notes.ptx')).toBe(path.resolve('/m/Session File Backups'));
  });
});
