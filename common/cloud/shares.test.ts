// A link's password and its comment cap as the app checks and says them before the cloud does (issue 42): the same
// bounds as the cloud's (cloud/migrations/0009_hosted_grants.sql), table by table.
import { describe, expect, it } from 'vitest';
import { commentsLine, MAX_COMMENT_CAP, MIN_SHARE_PASSWORD_LENGTH, raisedCommentCap, sharePasswordProblem, shareSongSchema } from './shares';

const id = 'song-1';

describe('a link password', () => {
  it.each([
    ['', null],
    ['1234567', 'A password is 8 to 200 characters.'],
    ['12345678', null],
    ['x'.repeat(200), null],
    ['x'.repeat(201), 'A password is 8 to 200 characters.'],
  ])('%j -> %j, in the form and at the door alike', (password, problem) => {
    expect(sharePasswordProblem(password)).toBe(problem);
    if (password === '') return;
    const parsed = shareSongSchema.safeParse({ id, password });
    expect(parsed.success).toBe(problem === null);
    if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe(problem);
  });

  it('is at least 8 characters, as the cloud takes it', () => {
    expect(MIN_SHARE_PASSWORD_LENGTH).toBe(8);
  });
});

describe('a link’s comments against its cap', () => {
  it.each([
    [{ comments: 0, commentCap: 1000 }, { text: 'Comments: 0 of 1,000', full: false }],
    [{ comments: 999, commentCap: 1000 }, { text: 'Comments: 999 of 1,000', full: false }],
    [{ comments: 1000, commentCap: 1000 }, { text: 'Comments full: 1,000 of 1,000', full: true }],
    // Lowered below what it holds (the owner may): full all the same.
    [{ comments: 40, commentCap: 10 }, { text: 'Comments full: 40 of 10', full: true }],
  ])('%j -> %j', (share, line) => {
    expect(commentsLine(share)).toEqual(line);
  });

  it.each([
    [1000, 2000],
    [9500, MAX_COMMENT_CAP],
    [MAX_COMMENT_CAP, null],
  ])('raised from %i: %j', (cap, raised) => {
    expect(raisedCommentCap(cap)).toBe(raised);
  });
});
