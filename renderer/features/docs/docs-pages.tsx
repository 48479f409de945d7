/**
 * The docs' text, page by page (the pages, their titles and order are `common/website/docs-index.ts`).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CONTACT_EMAIL, FREE_TIER_MAX_CUSTOM_VIEWS, FREE_TIER_MAX_DIRECTORIES } from '../../../common/constants';
import type { DocsSlug } from '../../../common/website/docs-index';

export const DOCS_BODIES: Record<DocsSlug, ReactNode> = {
  '': (
    <>
      <p>
        Songshelf keeps track of your music. It watches the folders where you keep Ableton Live, Pro Tools and Logic Pro
        projects and your WAV and MP3 bounces, makes one <strong>song</strong> per project, and keeps every song in one
        table you can edit, sort, filter, tag and search.
      </p>
      <p>Each song can have an audio file (a bounce or mix you can play in the app) and a recording session (the DAW project it came from).</p>
      <p>
        Start with <Link to="/docs/installation">Installation</Link>, then the <Link to="/docs/quick-start">Quick Start</Link>.
      </p>
    </>
  ),
  'installation': (
    <>
      <h2>macOS</h2>
      <ol>
        <li>Download the disk image from the home page: <strong>Universal</strong> runs on every Mac; Apple Silicon and Intel builds are smaller.</li>
        <li>Open the <code>.dmg</code> and drag Songshelf to Applications.</li>
        <li>Open Songshelf from Applications. macOS asks once whether to open an app downloaded from the internet: choose Open.</li>
      </ol>
      <h2>Windows</h2>
      <ol>
        <li>Download the installer (<code>Setup.exe</code>) from the home page.</li>
        <li>Run it: Songshelf installs for your user and starts. It appears in the Start menu.</li>
      </ol>
      <h2>Updates</h2>
      <p>Songshelf checks for a new version when it starts and every few hours, and tells you when an update is ready to install.</p>
      <p>Linux is not supported.</p>
    </>
  ),
  'quick-start': (
    <>
      <ol>
        <li><strong>Sign in.</strong> Create an account with your email (confirm it from the mail you receive) or continue with Google.</li>
        <li><strong>Add a project folder.</strong> Under Project Directories in the sidebar, add the folder your DAW saves projects in. Songshelf scans it in the background; songs appear as they are found.</li>
        <li><strong>Look through your songs.</strong> Every project is a row with its tempo, key and time signature where the project records them. Double-click a cell, or press Enter, to edit it.</li>
        <li><strong>Make a view.</strong> Add a view for what you are working on now, for example status Mixing sorted by priority.</li>
      </ol>
      <p>The free plan has {FREE_TIER_MAX_DIRECTORIES} project folders and {FREE_TIER_MAX_CUSTOM_VIEWS} custom views; Pro removes both limits and syncs your library.</p>
      <h2>Pro: one library on every computer</h2>
      <p>
        Upgrade from the account block at the bottom of the sidebar. Sign in on another computer and your songs, your
        own views and your project folder list arrive there within seconds; changes travel both ways about once a
        minute, or at once with <strong>Sync now</strong>. If the same song was changed on two computers, the later
        change is kept on both and Songshelf tells you. Signed in on the website, you can see and edit your songs and
        play their uploaded audio.
      </p>
      <p>
        A song deleted on another computer moves to <strong>Hidden</strong> here, marked &ldquo;removed by sync&rdquo;:
        restore it within 30 days to keep it. If the cloud would remove more than a fifth of your songs at once (or
        holds none of them), Songshelf removes nothing and asks you first, in the account block.
      </p>
      <p>Closing the window keeps Songshelf working in the menu bar (macOS) or the notification area (Windows): scans, uploads and sync go on, and the icon&apos;s menu shows what runs.</p>
    </>
  ),
  'adding-songs': (
    <>
      <h2>From a project folder</h2>
      <p>
        Songs from a watched folder are added automatically: one per Ableton Live set, Pro Tools session or Logic Pro
        package, with the audio bounced next to it linked. Renaming or moving a project in the folder updates its song.
        Each watched folder also gets a view of its own.
      </p>
      <h2>By hand</h2>
      <p>
        Choose <strong>Add song</strong> above the table, give it a name, and optionally choose an audio file and a recording
        session from your disk. Use this for ideas that live outside your project folders.
      </p>
      <h2>Finding songs</h2>
      <p>
        The search box looks through names, notes, tags and file names. Add operators to narrow it: <code>bpm:120-128</code>,{' '}
        <code>key:Am</code>, <code>status:mixing</code>, <code>tag:&quot;EP 2&quot;</code>, <code>daw:ableton</code> or <code>missing:true</code>.
      </p>
    </>
  ),
  'managing-files': (
    <>
      <p>Songshelf reads your files and never changes them.</p>
      <h2>Audio</h2>
      <p>
        Play a song&apos;s audio with the play button in its row; the player below the table has pause, seek, and previous and
        next in the order of the current view. Link or replace a song&apos;s audio from the row menu. WAV and MP3 play in the
        app; AIFF and FLAC are set as the current file without playing automatically.
      </p>
      <h2>Show in Finder or Explorer</h2>
      <p>The row menu reveals a song&apos;s audio or project in Finder or Explorer, or opens the project in its DAW.</p>
      <h2>Deleting</h2>
      <p>Deleting a song from a project folder moves it to the <strong>Hidden</strong> view, where you can restore it: the project stays on disk. A song added by hand is deleted for good, after you confirm.</p>
      <h2>Pro: audio in the cloud</h2>
      <p>With Pro, audio is compressed (bounces over 5 MB become MP3) and uploaded, up to 50 MB per file and 1 GB in total, so you can play it on the web.</p>
    </>
  ),
  'creating-views': (
    <>
      <p>A view is a saved way of looking at your songs: its own sort, filters and columns.</p>
      <ul>
        <li><strong>All Songs</strong> shows everything that is not hidden; <strong>Hidden</strong> shows what you deleted from project folders.</li>
        <li>Every watched folder has its own view, made automatically.</li>
        <li>Add a custom view with the + next to Views, then set its sort (click a column header: Ascending, then Descending), its filters (equals, contains, a range, has tag, on any field) and which columns show.</li>
      </ul>
      <p>Rename or delete a view from its menu. The Hidden view and your last custom view cannot be deleted. The free plan has {FREE_TIER_MAX_CUSTOM_VIEWS} custom views.</p>
    </>
  ),
  'recording-sessions': (
    <>
      <p>
        A song&apos;s <strong>recording session</strong> is the DAW project it was recorded in: an <code>.als</code>,{' '}
        <code>.ptx</code> or <code>.logicx</code>. Songs found in project folders have theirs linked already; for a song added
        by hand, link one from the row menu.
      </p>
      <p>From the row menu, open the session in its DAW or show it in Finder or Explorer. If the session moves, link it again; if it is missing, the song is marked missing rather than lost.</p>
      <p>
        Questions: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </>
  ),
};
