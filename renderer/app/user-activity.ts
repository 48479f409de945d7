/**
 * Tells the core when the user works in the window (focus, keys, clicks, the wheel, scrolling, the page opening), so the
 * background work that can wait (the audio analysis) pauses while they do: main/jobs/user-activity.ts.
 */
import type { Api } from '../../common/bridge/ipc';

/** At most one report this often: the core waits for 1.5 s of quiet, so a report per half second keeps it waiting. */
const REPORT_EVERY_MS = 500;
const USER_EVENTS = ['focus', 'keydown', 'pointerdown', 'wheel', 'scroll'] as const;

/** Starts reporting; returns the function that stops. */
export function reportUserActivity(api: Api): () => void {
  let lastSent = Number.NEGATIVE_INFINITY;
  const report = () => {
    const now = performance.now();
    if (now - lastSent < REPORT_EVERY_MS) return;
    lastSent = now;
    void api['jobs:user-active']();
  };
  // Capture: a scroll does not bubble, and the table's own handlers must not hide a key from this one.
  for (const name of USER_EVENTS) window.addEventListener(name, report, { capture: true, passive: true });
  report();
  return () => {
    for (const name of USER_EVENTS) window.removeEventListener(name, report, { capture: true });
  };
}
