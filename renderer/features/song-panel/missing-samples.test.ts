import { describe, expect, it } from 'vitest';
import { groupMissingSamples, missingSummary } from './missing-samples';

describe('the song panel’s missing samples', () => {
  it('groups by folder, relative to the project where inside it, the largest group first, each file once', () => {
    const project = '/Users/ana/Music/Night Drive Project';
    const groups = groupMissingSamples(
      [
        `${project}/Samples/Imported/kick.wav`,
        `${project}/Samples/Imported/snare.wav`,
        `${project}/Samples/Imported/kick.wav`,
        `${project}/vox.wav`,
        '/Users/mark/Splice/sounds/packs/hat.wav',
        `${project} copy/stray.wav`,
      ],
      project,
    );
    expect(groups).toEqual([
      { folder: 'Samples/Imported', files: ['kick.wav', 'snare.wav'] },
      { folder: '', files: ['vox.wav'] },
      { folder: `${project} copy`, files: ['stray.wav'] },
      { folder: '/Users/mark/Splice/sounds/packs', files: ['hat.wav'] },
    ]);
    expect(missingSummary(groups)).toBe('5 samples missing from 4 folders');
  });

  it('reads a PC’s paths on any computer, and a project with no folder keeps them absolute', () => {
    expect(groupMissingSamples(['C:\\Beats\\Song\\Audio\\a.wav', 'C:\\Beats\\Song\\Audio\\b.wav'], 'C:\\Beats\\Song')).toEqual([{ folder: 'Audio', files: ['a.wav', 'b.wav'] }]);
    expect(groupMissingSamples(['/x/a.wav'], null)).toEqual([{ folder: '/x', files: ['a.wav'] }]);
    expect(missingSummary(groupMissingSamples(['/x/a.wav'], null))).toBe('1 sample missing');
  });
});
