import { describe, expect, it } from 'vitest';
import { IDLE_CHECK_MS, IDLE_SIGN_OUT_MS, LOGIN_WINDOW_MS } from '../constants';
import { idleTooLong, loginBlocked, signUpOutcome, signUpProblem, withLoginFailure, withLoginSuccess, type LoginFailures } from './auth-rules';
import { MESSAGES } from '../messages';

const good = { name: 'Ana Lima', email: 'ana@example.com', password: 'Str0ng!pass', confirmation: 'Str0ng!pass' };

describe('sign-up checks, in the spec’s order', () => {
  it('accepts a form that meets every rule', () => {
    expect(signUpProblem(good)).toBeNull();
  });

  it.each([
    ['7 characters', 'Ab1!xyz'],
    ['no uppercase', 'str0ng!pass'],
    ['no lowercase', 'STR0NG!PASS'],
    ['no digit', 'Strong!pass'],
    ['no special', 'Str0ngpass1'],
    ['a special outside @$!%*?&', 'Str0ng#pass'],
    ['a space', 'Str0ng! pass'],
  ])('refuses a password with %s', (_case, password) => {
    expect(signUpProblem({ ...good, password, confirmation: password })).toBe(MESSAGES.weakPassword);
  });

  it('then the confirmation, then the email, then the name', () => {
    expect(signUpProblem({ ...good, confirmation: 'Str0ng!pasS' })).toBe(MESSAGES.passwordsDiffer);
    expect(signUpProblem({ ...good, email: 'ana example.com' })).toBe(MESSAGES.invalidEmail);
    expect(signUpProblem({ ...good, email: 'ana@example' })).toBe(MESSAGES.invalidEmail);
    expect(signUpProblem({ ...good, name: ' A ' })).toBe(MESSAGES.invalidName);
  });

  it('reports only the first broken rule when several are broken', () => {
    expect(signUpProblem({ name: '', email: 'bad', password: 'weak', confirmation: 'other' })).toBe(MESSAGES.weakPassword);
    expect(signUpProblem({ name: '', email: 'bad', password: good.password, confirmation: 'other' })).toBe(MESSAGES.passwordsDiffer);
    expect(signUpProblem({ ...good, name: '', email: 'bad' })).toBe(MESSAGES.invalidEmail);
  });
});

describe('login attempts: 5 per email per 15 minutes', () => {
  const start = 1_800_000_000_000;

  it('blocks the sixth attempt with the minutes left, per email, ignoring case', () => {
    let failures: LoginFailures = {};
    for (let i = 0; i < 5; i += 1) {
      expect(loginBlocked(failures, 'ana@example.com', start + i * 1000)).toBeNull();
      failures = withLoginFailure(failures, 'Ana@Example.com', start + i * 1000);
    }
    expect(loginBlocked(failures, 'ana@example.com', start + 5000)).toBe('Too many login attempts. Please try again in 15 minutes.');
    expect(loginBlocked(failures, 'ana@example.com', start + 10 * 60_000)).toBe('Too many login attempts. Please try again in 5 minutes.');
    expect(loginBlocked(failures, 'ben@example.com', start + 5000)).toBeNull();
  });

  it('lets the user try again once the oldest failure is 15 minutes old', () => {
    let failures: LoginFailures = {};
    for (let i = 0; i < 5; i += 1) failures = withLoginFailure(failures, 'ana@example.com', start + i * 60_000);
    expect(loginBlocked(failures, 'ana@example.com', start + LOGIN_WINDOW_MS - 1)).not.toBeNull();
    expect(loginBlocked(failures, 'ana@example.com', start + LOGIN_WINDOW_MS)).toBeNull();
  });

  it('a success resets the count', () => {
    let failures: LoginFailures = {};
    for (let i = 0; i < 4; i += 1) failures = withLoginFailure(failures, 'ana@example.com', start + i);
    failures = withLoginSuccess(failures, 'ANA@example.com');
    failures = withLoginFailure(failures, 'ana@example.com', start + 10);
    expect(loginBlocked(failures, 'ana@example.com', start + 11)).toBeNull();
  });
});

describe('idle sign-out on the web (spec: over 30 minutes, checked every 60 s)', () => {
  it('signs out only past 30 minutes without activity', () => {
    const last = Date.UTC(2026, 0, 1);
    expect(IDLE_SIGN_OUT_MS).toBe(30 * 60_000);
    expect(IDLE_CHECK_MS).toBe(60_000);
    expect(idleTooLong(last, last + 29 * 60_000)).toBe(false);
    expect(idleTooLong(last, last + IDLE_SIGN_OUT_MS)).toBe(false);
    expect(idleTooLong(last, last + IDLE_SIGN_OUT_MS + 1)).toBe(true);
  });
});

describe('what a sign-up’s answer means (spec section 8)', () => {
  const user = { identities: [{ provider: 'email' }] };

  it('a new user: signed in when the cloud gave a session, else waiting for the e-mail confirmation', () => {
    expect(signUpOutcome({ data: { user, session: { access_token: 'a' } }, error: null })).toEqual({ outcome: 'signed-in' });
    expect(signUpOutcome({ data: { user, session: null }, error: null })).toEqual({ outcome: 'confirm-email' });
  });

  it('the cloud’s message when it has one, the spec’s fallback when it is empty', () => {
    expect(signUpOutcome({ data: { user: null, session: null }, error: { message: 'Signups not allowed for this instance' } })).toEqual({
      outcome: 'failed',
      message: 'Signups not allowed for this instance',
    });
    expect(signUpOutcome({ data: { user: null, session: null }, error: { message: '' } })).toEqual({ outcome: 'failed', message: 'An error occurred during signup. Please try again.' });
  });

  it('no user and no error: the spec’s fallback', () => {
    expect(signUpOutcome({ data: { user: null, session: null }, error: null })).toEqual({ outcome: 'failed', message: 'An error occurred during signup. Please try again.' });
  });

  it('a user without identities (the address is a Google account’s): the spec’s Google message', () => {
    expect(signUpOutcome({ data: { user: { identities: [] }, session: null }, error: null })).toEqual({
      outcome: 'failed',
      message: "This email is already registered with Google. Please sign in using the 'Continue with Google' button.",
    });
  });
});
