/** The song: its fields (spec section 3), their allowed values, and the inputs that create or change one. */
import { z } from 'zod';
import { MAX_BULK_SONGS, MAX_TAGS } from './constants';
import {
  idSchema,
  jsonValueSchema,
  longTextSchema,
  nameSchema,
  pathSchema,
  shortTextSchema,
  timestampSchema,
  type JsonValue,
} from './schema-parts';
import type { EditTimes } from './song-edits';

export const PRIORITIES = ['Low', 'Medium', 'High', 'Urgent'] as const;
export const TIERS = ['S', 'A', 'B', 'C', 'D'] as const;
export const STATUSES = ['Backlog', 'Writing', 'Recording', 'Mixing', 'Mastering', 'Done'] as const;

export type Priority = (typeof PRIORITIES)[number];
export type Tier = (typeof TIERS)[number];
export type Status = (typeof STATUSES)[number];

/** Where a song came from: found in a watched folder, or added by hand (the docs' "upload type"). */
export type SongSource = 'directory' | 'manual';

/** The song's audio: `value` is what plays (a local path, or the cloud URL once uploaded). */
export interface SongFile {
  value: string;
  localPath: string | null;
  fileName: string;
  modifiedTime: number | null;
}

/** The song's DAW session file (or `.logicx` package). */
export interface RecordingSession {
  value: string;
  fileName: string;
  sessionModifiedTime: number | null;
  isPackage: boolean;
}

export interface Song {
  id: string;
  name: string;
  file: SongFile | null;
  priority: Priority;
  tier: Tier;
  status: Status;
  tags: string[];
  notes: string;
  tempo: string;
  key: string;
  timeSignature: string;
  recordingSession: RecordingSession | null;
  projectPath: string | null;
  source: SongSource;
  hidden: boolean;
  needsUploadRetry: boolean;
  isBeingProcessedByHandleNewProject: boolean;
  /** User-defined fields, by field id. */
  custom: Record<string, JsonValue>;
  /** Values extracted from the project and audio files (DAW, version, sample rate...). */
  meta: Record<string, JsonValue>;
  /** When the user last edited each field (`song-edits.ts`): a scan never overwrites them, a merge takes the latest. */
  editedAt: EditTimes;
  createdAt: number;
  modifiedAt: number;
  supabaseId: string | null;
  /** Set while the song waits in Hidden because a pull found the cloud no longer had it (deleted for good 30 days on). */
  removedBySyncAt?: number;
}

export const songFileSchema = z.strictObject({
  value: pathSchema,
  localPath: pathSchema.nullable(),
  fileName: shortTextSchema,
  modifiedTime: timestampSchema.nullable(),
});

export const recordingSessionSchema = z.strictObject({
  value: pathSchema,
  fileName: shortTextSchema,
  sessionModifiedTime: timestampSchema.nullable(),
  isPackage: z.boolean(),
});

/** A song's tags are unique, compared ignoring case: the first spelling stays ("Demo", "demo" -> "Demo"). */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const lower = tag.toLowerCase();
    if (seen.has(lower)) return false;
    seen.add(lower);
    return true;
  });
}

const tagsSchema = z.array(z.string().trim().min(1).max(100)).max(MAX_TAGS).transform(uniqueTags);
const customSchema = z.record(idSchema, jsonValueSchema);

/** The fields a user (or the app on their behalf) may set on a song. */
const editableSongFields = {
  name: nameSchema,
  file: songFileSchema.nullable(),
  priority: z.enum(PRIORITIES),
  tier: z.enum(TIERS),
  status: z.enum(STATUSES),
  tags: tagsSchema,
  notes: longTextSchema,
  tempo: z.string().trim().max(20),
  key: z.string().trim().max(40),
  timeSignature: z.string().trim().max(20),
  recordingSession: recordingSessionSchema.nullable(),
  custom: customSchema,
};

export const newSongSchema = z.strictObject({
  ...editableSongFields,
  name: nameSchema,
  file: editableSongFields.file.optional(),
  priority: editableSongFields.priority.optional(),
  tier: editableSongFields.tier.optional(),
  status: editableSongFields.status.optional(),
  tags: editableSongFields.tags.optional(),
  notes: editableSongFields.notes.optional(),
  tempo: editableSongFields.tempo.optional(),
  key: editableSongFields.key.optional(),
  timeSignature: editableSongFields.timeSignature.optional(),
  recordingSession: editableSongFields.recordingSession.optional(),
  custom: editableSongFields.custom.optional(),
  projectPath: pathSchema.nullable().optional(),
  source: z.enum(['directory', 'manual']).optional(),
});
export type NewSong = z.infer<typeof newSongSchema>;

export const songPatchSchema = z.strictObject({
  ...editableSongFields,
  hidden: z.boolean(),
  needsUploadRetry: z.boolean(),
  isBeingProcessedByHandleNewProject: z.boolean(),
  supabaseId: idSchema.nullable(),
}).partial();
export type SongPatch = z.infer<typeof songPatchSchema>;

/** One edit applied to many selected songs: the table's bulk actions. Tags are added or removed, not replaced. */
export const bulkSongPatchSchema = z
  .strictObject({
    priority: editableSongFields.priority,
    tier: editableSongFields.tier,
    status: editableSongFields.status,
    key: editableSongFields.key,
    timeSignature: editableSongFields.timeSignature,
    hidden: z.boolean(),
    addTags: tagsSchema,
    removeTags: tagsSchema,
    custom: customSchema,
  })
  .partial();
export type BulkSongPatch = z.infer<typeof bulkSongPatchSchema>;

export const songIdsSchema = z.array(idSchema).min(1).max(MAX_BULK_SONGS);
export const bulkSongUpdateSchema = z.strictObject({ ids: songIdsSchema, patch: bulkSongPatchSchema });
