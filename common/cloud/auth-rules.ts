/**
 * The account rules (spec sections 4 and 5): the sign-up checks in the spec's order, the login limit of 5 failed
 * attempts per email per 15 minutes, and the web's idle sign-out. Pure, so the web build and the app share them.
 */
import { IDLE_SIGN_OUT_MS, LOGIN_ATTEMPTS, LOGIN_WINDOW_MS, NAME_MIN_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import type { SignUpOutcome } from './account';
import { MESSAGES, tooManyLoginAttempts } from '../messages';

/** At least 8 of letters, digits and @$!%*?&, with a lowercase, an uppercase, a digit and one of those. */
const STRONG_PASSWORD = new RegExp(`^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[@$!%*?&])[A-Za-z\\d@$!%*?&]{${PASSWORD_MIN_LENGTH},}$`);
/** Something@something.something, without whitespace. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface SignUpForm {
  name: string;
  email: string;
  password: string;
  confirmation: string;
}

/** The first rule the form breaks, in the spec's order, as its message; null when it may be sent. */
export function signUpProblem(form: SignUpForm): string | null {
  if (!STRONG_PASSWORD.test(form.password)) return MESSAGES.weakPassword;
  if (form.password !== form.confirmation) return MESSAGES.passwordsDiffer;
  if (!EMAIL.test(form.email)) return MESSAGES.invalidEmail;
  if (form.name.trim().length < NAME_MIN_LENGTH) return MESSAGES.invalidName;
  return null;
}

/** The parts of the cloud's answer to a sign-up (supabase-js `auth.signUp`) that say how it went. */
export interface SignUpAnswer {
  data: { user: { identities?: unknown[] | null } | null; session: unknown };
  error: { message: string } | null;
}

/**
 * What a sign-up's answer means (spec section 8): the cloud's message; an address already held by a Google account
 * (the cloud answers with a user without identities, so as not to tell who is registered); else the spec's fallback.
 */
export function signUpOutcome({ data, error }: SignUpAnswer): SignUpOutcome {
  if (error) return { outcome: 'failed', message: error.message || MESSAGES.signUpFailed };
  if (data.user && data.user.identities?.length === 0) return { outcome: 'failed', message: MESSAGES.emailRegisteredWithGoogle };
  if (!data.user) return { outcome: 'failed', message: MESSAGES.signUpFailed };
  return { outcome: data.session ? 'signed-in' : 'confirm-email' };
}

/** Failed logins per email (ignoring case), kept by the caller (memory, or local storage on the web). */
export type LoginFailures = Record<string, number[]>;

/** The message that refuses another attempt now, or null. */
export function loginBlocked(failures: LoginFailures, email: string, now: number): string | null {
  const recent = recentFailures(failures, email, now);
  if (recent.length < LOGIN_ATTEMPTS) return null;
  const freeAt = (recent[recent.length - LOGIN_ATTEMPTS] ?? now) + LOGIN_WINDOW_MS;
  return tooManyLoginAttempts(Math.max(1, Math.ceil((freeAt - now) / 60_000)));
}

export function withLoginFailure(failures: LoginFailures, email: string, now: number): LoginFailures {
  return { ...failures, [key(email)]: [...recentFailures(failures, email, now), now] };
}

/** A success resets the count. */
export function withLoginSuccess(failures: LoginFailures, email: string): LoginFailures {
  const next = { ...failures };
  delete next[key(email)];
  return next;
}

function recentFailures(failures: LoginFailures, email: string, now: number): number[] {
  return (failures[key(email)] ?? []).filter((at) => now - at < LOGIN_WINDOW_MS);
}

function key(email: string): string {
  return email.trim().toLowerCase();
}

/** Spec section 4 and 9: on the web, a user idle over 30 minutes is signed out. */
export function idleTooLong(lastActivity: number, now: number): boolean {
  return now - lastActivity > IDLE_SIGN_OUT_MS;
}
