/** `/about`: who makes Songshelf and why. */
import { CONTACT_EMAIL } from '../../../common/constants';
import prose from '../ui/Prose.module.css';

export function AboutPage() {
  return (
    <article className={prose.prose}>
      <h1>About Songshelf</h1>
      <p className={prose.lead}>We make Songshelf because our own hard drives were full of songs we had forgotten about.</p>
      <p>
        Every producer knows the folder of <strong>final_v7_REAL_final</strong> projects, the bounce that lives on another
        drive, the idea from last spring that would fit this record perfectly, if only you could find it. DAWs are brilliant
        at the song you are working on; nothing was looking after all the others.
      </p>
      <p>
        Songshelf is a small, independent team of musicians and engineers. We build a desktop app first because your music
        lives on your computer, and we keep it local-first: your library works without an account on the internet, and
        nothing leaves your computer unless you choose Pro sync.
      </p>
      <h2>What we care about</h2>
      <ul>
        <li>Speed: the table stays instant with a lifetime of projects.</li>
        <li>Safety: a crash, a corrupt file or a dropped connection never costs you work.</li>
        <li>Respect for your files: Songshelf reads your projects, it never rewrites them.</li>
      </ul>
      <h2>Get in touch</h2>
      <p>
        Questions, ideas or a project file Songshelf does not read right: write to <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </article>
  );
}
