/** `/terms` (spec section 2): accounts, user content licence, prohibited conduct, termination, California law. */
import { CONTACT_EMAIL, LEGAL_PAGES_UPDATED } from '../../../common/constants';
import prose from '../ui/Prose.module.css';

export function TermsPage() {
  return (
    <article className={prose.prose}>
      <h1>Terms of Service</h1>
      <p className={prose.updated}>Last updated: {LEGAL_PAGES_UPDATED}</p>
      <p>These terms are the agreement between you and Songshelf for the desktop app, the website and the Songshelf cloud. By using them you accept these terms.</p>

      <h2>Your account</h2>
      <p>You must give accurate information when you sign up and keep your password to yourself. You are responsible for what happens under your account; tell us at once if you think someone else is using it. You must be old enough to form a binding contract where you live.</p>

      <h2>Your content</h2>
      <p>Your music, projects, audio and notes remain yours. By syncing or uploading them you give Songshelf a limited licence to store, copy and transmit them only to provide the service to you, for example to show your library on another computer or play your bounce on the web. The licence ends when you delete the content or your account.</p>

      <h2>Prohibited conduct</h2>
      <ul>
        <li>Uploading content you have no right to store or share.</li>
        <li>Trying to reach another user&apos;s data, probing or disrupting the service, or getting around its limits.</li>
        <li>Reselling the service, or using it to distribute malware or unlawful material.</li>
      </ul>

      <h2>Plans and payment</h2>
      <p>The free plan is free. Pro is billed in advance through our payment provider and renews until you cancel; you keep Pro until the end of the period you paid for.</p>

      <h2>Termination</h2>
      <p>You may stop using Songshelf and delete your account at any time. We may suspend or close an account that breaks these terms, after notice where we reasonably can. When an account closes, its cloud data is deleted; the library on your computer stays yours.</p>

      <h2>Disclaimer</h2>
      <p>Songshelf is provided as it is. Keep backups of your projects: we are not liable for lost work or indirect damages, to the extent the law allows.</p>

      <h2>Governing law</h2>
      <p>These terms are governed by the laws of the State of California, without regard to its conflict-of-law rules.</p>

      <h2>Contact</h2>
      <p>
        Questions about these terms: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </article>
  );
}
