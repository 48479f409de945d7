import { describe, expect, it } from 'vitest';
import { versionSummaryOf, versionSummaryText } from './project-versions';

describe('versionSummaryOf', () => {
  it('reads the summary the scan wrote, and shows it as the Versions column does', () => {
    const summary = versionSummaryOf({ versions: { count: 21, lastChange: 'Tempo: 120 BPM → 126 BPM' } });
    expect(summary).toEqual({ count: 21, lastChange: 'Tempo: 120 BPM → 126 BPM' });
    expect(versionSummaryText(summary)).toBe('21 · Tempo: 120 BPM → 126 BPM');
    expect(versionSummaryText(versionSummaryOf({ versions: { count: 1, lastChange: null } }))).toBe('1');
  });

  it.each([
    [{}],
    [{ versions: null }],
    [{ versions: 'many' }],
    [{ versions: { count: -1 } }],
    [{ versions: { count: 2.5 } }],
    [{ versions: { count: 1e9 } }],
    [{ versions: { count: '3' } }],
  ])('gives nothing for a summary a hostile row could carry: %o', (meta) => {
    expect(versionSummaryOf(meta)).toBeNull();
    expect(versionSummaryText(versionSummaryOf(meta))).toBe('');
  });

  it('cuts a last change too long to be one, and ignores one that is not text', () => {
    expect(versionSummaryOf({ versions: { count: 3, lastChange: 'x'.repeat(5000) } })?.lastChange).toHaveLength(300);
    expect(versionSummaryOf({ versions: { count: 3, lastChange: { evil: true } } })?.lastChange).toBeNull();
  });
});
