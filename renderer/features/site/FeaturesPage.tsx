/** `/features`: what Songshelf does, section by section. */
import { FREE_TIER_MAX_CUSTOM_VIEWS, FREE_TIER_MAX_DIRECTORIES } from '../../../common/constants';
import prose from '../ui/Prose.module.css';

export function FeaturesPage() {
  return (
    <article className={prose.prose}>
      <h1>Features</h1>
      <p className={prose.lead}>Songshelf is made for the way music actually gets made: many projects, many versions, many folders.</p>

      <h2>Multiple watched directories</h2>
      <p>
        Add every folder you save projects in. Songshelf scans them in the background and keeps watching, so a project you
        save today is in your library a moment later. The free plan watches {FREE_TIER_MAX_DIRECTORIES} folders; Pro has no limit.
      </p>

      <h2>Smart project structure</h2>
      <p>
        An Ableton Live set with its Backup folder, a Pro Tools session with its Audio Files, a Logic Pro package: each is one
        song, not a hundred files. Bounces next to a project are linked to it.
      </p>

      <h2>Read from your projects</h2>
      <p>Tempo, key, time signature and the DAW version are read from <code>.als</code>, <code>.ptx</code> and <code>.logicx</code> projects where the file records them.</p>

      <h2>A table that keeps up</h2>
      <ul>
        <li>Status, priority, tier, tags and notes edited in place, with the keyboard like a spreadsheet.</li>
        <li>Fields of your own: text, number, single and multi select, date and checkbox.</li>
        <li>
          Views with their own sort, filters and columns ({FREE_TIER_MAX_CUSTOM_VIEWS} custom views on the free plan), and search with
          operators such as <code>bpm:120-128</code>, <code>key:Am</code> or <code>tag:&quot;EP 2&quot;</code>.
        </li>
        <li>Fast with twenty thousand projects as with twenty.</li>
      </ul>

      <h2>Background processing and notifications</h2>
      <p>Scans and uploads run in the background, even with the window closed, with progress in the app and a desktop notification when they finish.</p>

      <h2>Pro: your library everywhere</h2>
      <p>Songs, views, your own columns and settings sync to every computer you sign in on, and your bounces are compressed and stored in the cloud (up to 1 GB) to play on the web.</p>

      <h2>Automatic updates</h2>
      <p>Songshelf updates itself and tells you when a new version is ready.</p>
    </article>
  );
}
