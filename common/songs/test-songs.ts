/** For tests: songs that show what a mapping loses or mixes up. */
import type { Song } from './song';

/** A song whose every field differs from its default, so a field dropped or mixed up on the way shows. */
export const everyFieldSet: Song = {
  id: 'song-1',
  name: 'Night Drive',
  file: { value: '/Music/night.wav', localPath: '/Music/night.wav', fileName: 'night.wav', modifiedTime: 5 },
  priority: 'Urgent',
  tier: 'S',
  status: 'Mixing',
  tags: ['demo', 'EP 2'],
  notes: 'needs a bridge',
  focus: 4,
  nextStep: 'comp the lead vocal',
  tempo: '120',
  key: 'A minor',
  timeSignature: '7/8',
  recordingSession: { value: '/Music/night.als', fileName: 'night.als', sessionModifiedTime: 6, isPackage: true },
  projectPath: '/Music/Night Project',
  source: 'directory',
  hidden: true,
  needsUploadRetry: true,
  isBeingProcessedByHandleNewProject: true,
  custom: { mood: 'dark' },
  meta: { daw: 'ableton' },
  editedAt: { name: 3 },
  createdAt: 1,
  modifiedAt: 2,
  supabaseId: 'song-1',
};

/** For tests: a song with every field at its plain value (no files, nothing edited), and the fields given. */
export function plainSong(fields: Partial<Song> & Pick<Song, 'id' | 'name'>): Song {
  return {
    file: null,
    priority: 'Medium',
    tier: 'C',
    status: 'Backlog',
    tags: [],
    notes: '',
    focus: null,
    nextStep: '',
    tempo: '',
    key: '',
    timeSignature: '',
    recordingSession: null,
    projectPath: null,
    source: 'manual',
    hidden: false,
    needsUploadRetry: false,
    isBeingProcessedByHandleNewProject: false,
    custom: {},
    meta: {},
    editedAt: {},
    createdAt: 0,
    modifiedAt: 0,
    supabaseId: null,
    ...fields,
  };
}
