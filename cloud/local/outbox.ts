/**
 * Mails the local cloud would send (sign-up confirmations): kept in order in memory for the `/mail` endpoint
 * that tests and the user read, and appended to `mail.log` in the data folder when there is one.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface Mail {
  to: string;
  subject: string;
  link: string;
  sentAt?: string;
}

export interface Outbox {
  send(mail: Mail): void;
  /** Every mail sent to `to` (ignoring case), oldest first; every mail when `to` is absent. */
  list(to?: string): Mail[];
}

export function createOutbox(dataDir: string | undefined, now: () => number): Outbox {
  const mails: Mail[] = [];
  const logFile = dataDir ? path.join(dataDir, 'mail.log') : null;
  return {
    send(mail) {
      const sent = { ...mail, sentAt: new Date(now()).toISOString() };
      mails.push(sent);
      if (logFile) fs.appendFileSync(logFile, `${sent.sentAt} to ${sent.to}: ${sent.subject}\n  ${sent.link}\n`);
    },
    list(to) {
      return to === undefined ? [...mails] : mails.filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
    },
  };
}
