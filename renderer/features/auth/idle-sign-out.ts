/**
 * The website signs out a user idle over 30 minutes, checked every 60 s (spec section 4). Activity in any tab of
 * the site counts (the time is shared through localStorage), and only this browser's session ends: the user's
 * other devices stay signed in.
 */
import { useEffect } from 'react';
import { idleTooLong } from '../../../common/cloud/auth-rules';
import { IDLE_CHECK_MS } from '../../../common/constants';
import { signOut } from './auth-actions';

const LAST_ACTIVITY_KEY = 'songshelf.last-activity';
/** Activity is written at most this often: a mouse move fires many events a second. */
const RECORD_EVERY_MS = 5000;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

export function useIdleSignOut(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let recorded = 0;
    const record = () => {
      const now = Date.now();
      if (now - recorded < RECORD_EVERY_MS) return;
      recorded = now;
      localStorage.setItem(LAST_ACTIVITY_KEY, String(now));
    };
    record();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, record, { passive: true, capture: true });
    const check = setInterval(() => {
      const last = Number(localStorage.getItem(LAST_ACTIVITY_KEY)) || recorded;
      // SIGNED_OUT then takes the page to /login (the route guard).
      if (idleTooLong(last, Date.now())) void signOut({ scope: 'local' });
    }, IDLE_CHECK_MS);
    return () => {
      clearInterval(check);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, record, { capture: true });
    };
  }, [enabled]);
}
