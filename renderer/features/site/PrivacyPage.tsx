/** `/privacy` (spec section 2): last updated April 2024; data collected, third-party sign-in, opt-out, encryption, GDPR and CCPA. */
import { CONTACT_EMAIL, LEGAL_PAGES_UPDATED } from '../../../common/constants';
import prose from '../ui/Prose.module.css';

export function PrivacyPage() {
  return (
    <article className={prose.prose}>
      <h1>Privacy Policy</h1>
      <p className={prose.updated}>Last updated: {LEGAL_PAGES_UPDATED}</p>
      <p>This policy explains what Songshelf collects, why, and the choices you have. It covers the desktop app, the website and the Songshelf cloud.</p>

      <h2>Data we collect</h2>
      <ul>
        <li><strong>Account data</strong>: your name, email address and a hashed password, or the identity your sign-in provider shares with us.</li>
        <li><strong>Library data</strong>: on the free plan, your songs, views and settings stay on your computer. On Pro, the songs, views, custom fields, settings and the project folder paths you sync are stored in our cloud.</li>
        <li><strong>Audio you upload</strong> (Pro): compressed copies of your bounces, stored in a private folder of your account.</li>
        <li><strong>Subscription data</strong>: your plan and its status. Payments are handled by our payment provider; we never see your card number.</li>
      </ul>
      <p>We do not sell your data, and we do not read or analyse your music.</p>

      <h2>Third-party sign-in</h2>
      <p>If you continue with Google, Google shares your name and email address with us so we can create your account. We receive no other data from your Google account, and you can remove Songshelf&apos;s access in your Google account settings at any time.</p>

      <h2>Opting out</h2>
      <p>Sync and uploads are off unless you choose Pro. You can stop syncing by returning to the free plan, delete uploaded audio from the app, and ask us to delete your account and everything stored with it by writing to the address below.</p>

      <h2>Encryption and security</h2>
      <p>All traffic between the app, the website and our cloud is encrypted in transit (TLS). Stored data and files are encrypted at rest, and each account can reach only its own rows and files. On your computer, the desktop app keeps your session in your operating system&apos;s secure storage.</p>

      <h2>Your rights under the GDPR</h2>
      <p>If you are in the European Economic Area or the United Kingdom, you may access, correct, export or delete your personal data, object to or restrict its processing, and complain to your data protection authority. We process account and library data to provide the service you asked for (contract) and keep it only while your account exists.</p>

      <h2>Your rights under the CCPA</h2>
      <p>If you live in California, you may know what personal information we collect, ask us to delete it, and opt out of its sale. We do not sell personal information, and we will not treat you differently for exercising these rights.</p>

      <h2>Contact</h2>
      <p>
        Questions about this policy or requests about your data: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </article>
  );
}
