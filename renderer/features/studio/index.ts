/**
 * Studio time and the focus list (issue 32): the activity strip, the focus control and list, the song's hours, the
 * studio's modal.
 *
 * The public face of studio/: other features import only what is here (lint); the rest of the folder is its own.
 */
export { ActivityStrip } from './ActivityStrip';
export { FocusControl } from './FocusControl';
export { FocusList } from './FocusList';
export { SongStudioTime } from './SongStudioTime';
export { StudioModal } from './StudioModal';
