/**
 * The studio's settings (issue 32), the user's on this computer: how many songs the focus list holds, whether the
 * weekly nudge about stalled songs is shown (opt-in), and the gap that splits saves into work sessions.
 */
import { z } from 'zod';
import { DEFAULT_FOCUS_LIMIT } from '../constants';
import { DEFAULT_SESSION_GAP_MS } from './studio-time';

export const studioSettingsSchema = z.strictObject({
  focusLimit: z.number().int().min(1).max(50),
  nudges: z.boolean(),
  /** Saves closer than this are one work session. */
  sessionGapMinutes: z.number().int().min(10).max(24 * 60),
  /** A song in progress with no session for this many days is stalled (the nudge names it). */
  stalledAfterDays: z.number().int().min(7).max(365),
});
export type StudioSettings = z.infer<typeof studioSettingsSchema>;

export const DEFAULT_STUDIO_SETTINGS: StudioSettings = {
  focusLimit: DEFAULT_FOCUS_LIMIT,
  nudges: false,
  sessionGapMinutes: DEFAULT_SESSION_GAP_MS / 60_000,
  stalledAfterDays: 30,
};

/** What is stored, read back: anything missing or out of range is the default (the kv row is ours, but old). */
export function readStudioSettings(stored: unknown): StudioSettings {
  const object = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const settings = { ...DEFAULT_STUDIO_SETTINGS };
  for (const key of Object.keys(DEFAULT_STUDIO_SETTINGS) as (keyof StudioSettings)[]) {
    const parsed = studioSettingsSchema.shape[key].safeParse(object[key]);
    if (parsed.success) (settings as Record<string, unknown>)[key] = parsed.data;
  }
  return settings;
}
