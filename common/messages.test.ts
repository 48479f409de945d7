import { describe, expect, it } from 'vitest';
import { failureText, MESSAGES } from './messages';

describe('failureText', () => {
  it('puts the spec’s text before what went wrong', () => {
    expect(failureText(MESSAGES.songUpdateFailed, 'tempo is too long')).toBe('Failed to update song in local database: tempo is too long');
  });

  it('does not say the spec’s text twice when the core already said it (a song that no longer exists)', () => {
    const fromCore = `${MESSAGES.songUpdateFailed}: ${MESSAGES.songNotFound}`;
    expect(failureText(MESSAGES.songUpdateFailed, fromCore)).toBe('Failed to update song in local database: That song no longer exists.');
    expect(failureText(MESSAGES.songAddFailed, MESSAGES.songAddFailed)).toBe('Failed to add song to local database');
  });
});
