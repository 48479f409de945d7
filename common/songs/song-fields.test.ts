import { describe, expect, expectTypeOf, it } from 'vitest';
import { songFromCloud, songToCloud } from '../cloud/cloud-records';
import type { JsonValue } from '../bridge/schema-parts';
import { bulkSongPatchSchema, newSongSchema, songPatchSchema, type NewSong, type Song } from './song';
import { FOUND_FIELDS, USER_FIELDS } from './song-edits';
import { SONG_FIELDS, SONG_FIELD_NAMES, type SongFieldName } from './song-fields';
import { everyFieldSet } from './test-songs';


describe('the song field table', () => {
  it('keeps the Song type as it was, field for field', () => {
    expectTypeOf<Song>().toEqualTypeOf<{
      id: string;
      name: string;
      file: { value: string; localPath: string | null; fileName: string; modifiedTime: number | null } | null;
      priority: 'Low' | 'Medium' | 'High' | 'Urgent';
      tier: 'S' | 'A' | 'B' | 'C' | 'D';
      status: 'Backlog' | 'Writing' | 'Recording' | 'Mixing' | 'Mastering' | 'Done';
      tags: string[];
      notes: string;
      focus: number | null;
      nextStep: string;
      tempo: string;
      key: string;
      timeSignature: string;
      recordingSession: { value: string; fileName: string; sessionModifiedTime: number | null; isPackage: boolean } | null;
      projectPath: string | null;
      source: 'directory' | 'manual';
      hidden: boolean;
      needsUploadRetry: boolean;
      isBeingProcessedByHandleNewProject: boolean;
      custom: Record<string, JsonValue>;
      meta: Record<string, JsonValue>;
      editedAt: Record<string, number>;
      createdAt: number;
      modifiedAt: number;
      supabaseId: string | null;
      removedBySyncAt?: number;
    }>();
    expectTypeOf<Exclude<keyof Song, SongFieldName>>().toEqualTypeOf<'removedBySyncAt'>();
    expectTypeOf<NewSong['name']>().toEqualTypeOf<string>();
    expectTypeOf<NewSong>().toHaveProperty('source').toEqualTypeOf<'directory' | 'manual' | undefined>();
  });

  it('lists the fields in the order of a song', () => {
    expect(SONG_FIELD_NAMES).toEqual(Object.keys(everyFieldSet));
  });

  it("derives each input's fields from the entries: edit, create, patch and bulk", () => {
    const entries = Object.entries(SONG_FIELDS) as [SongFieldName, { input?: string; bulk?: true }][];
    const where = (test: (spec: { input?: string; bulk?: true }) => boolean) => entries.filter(([, spec]) => test(spec)).map(([field]) => field);
    expect(Object.keys(newSongSchema.shape)).toEqual([...where((spec) => spec.input === 'edit'), ...where((spec) => spec.input === 'create')]);
    expect(Object.keys(songPatchSchema.shape)).toEqual([...where((spec) => spec.input === 'edit'), ...where((spec) => spec.input === 'patch')]);
    expect(Object.keys(bulkSongPatchSchema.shape)).toEqual([...where((spec) => spec.bulk === true), 'addTags', 'removeTags', 'custom']);
    expect(newSongSchema.safeParse({}).success).toBe(false);
    expect(newSongSchema.parse({ name: ' Night ' })).toEqual({ name: 'Night' });
  });

  it('derives the edit lists from the entries', () => {
    expect(USER_FIELDS).toEqual(['name', 'priority', 'tier', 'status', 'tags', 'notes', 'focus', 'nextStep', 'tempo', 'key', 'timeSignature', 'hidden']);
    expect(FOUND_FIELDS).toEqual(['file', 'recordingSession']);
  });

  it('brings every field back from the cloud as it went up', () => {
    const back = songFromCloud(JSON.parse(JSON.stringify(songToCloud(everyFieldSet))));
    expect(back).toStrictEqual(everyFieldSet);
  });

  it("falls back to each field's default when a pulled value does not fit, and refuses a record without a required one", () => {
    const damaged = Object.fromEntries(SONG_FIELD_NAMES.map((field) => [field, -1.5]));
    const required = { id: 'song-1', name: 'Night Drive', modifiedAt: 2 };
    const pulled = songFromCloud({ ...damaged, ...required });
    const defaults = Object.fromEntries(
      SONG_FIELD_NAMES.filter((field) => 'default' in SONG_FIELDS[field]).map((field) => [field, (SONG_FIELDS[field] as { default: unknown }).default]),
    );
    expect(pulled).toEqual({ ...defaults, ...required, createdAt: 0, supabaseId: 'song-1' });
    for (const field of Object.keys(required)) expect(songFromCloud({ ...required, [field]: -1.5 })).toBeNull();
  });
});
