/**
 * Where the core keeps the signed-in session (spec section 4: desktop tokens kept with `safeStorage`): one file in
 * the data folder, encrypted whole by the shell's secret box (Electron's `safeStorage`: the macOS Keychain, Windows
 * DPAPI; the browser host's `FILE_ONLY_BOX`). Without a box (tests) nothing is kept on disk. Writes are atomic; an
 * unreadable file (corrupt, or encrypted by another user) counts as signed out, never as a crash.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../common/errors';
import { MESSAGES } from '../../common/messages';
import { writingToSync } from '../disk/disk-full';
import { temporaryFileOf } from '../files/temp-files';

/** The shell's encryption, bound to this user on this machine. */
export interface SecretBox {
  isAvailable(): boolean;
  encrypt(plain: string): Buffer;
  decrypt(sealed: Buffer): string;
}

export const SESSION_VAULT_FILE = 'session.vault';

/**
 * The browser host's box: it runs where Electron's safeStorage cannot (development machines, Linux), so its
 * session file is kept as a browser keeps its own storage: not encrypted, readable by this OS user alone (0600).
 */
export const FILE_ONLY_BOX: SecretBox = {
  isAvailable: () => true,
  encrypt: (plain) => Buffer.from(plain, 'utf8'),
  decrypt: (sealed) => sealed.toString('utf8'),
};

export class SessionVault {
  private readonly file: string;
  private items: Map<string, string> | null = null;

  constructor(dataDir: string, private readonly box: SecretBox | null) {
    this.file = path.join(dataDir, SESSION_VAULT_FILE);
  }

  /** True when the shell can encrypt here; the renderer then keeps its session in the vault. */
  get available(): boolean {
    return this.box?.isAvailable() ?? false;
  }

  get(key: string): string | null {
    return this.read().get(key) ?? null;
  }

  set(key: string, value: string): void {
    const items = this.read();
    items.set(key, value);
    this.write(items);
  }

  remove(key: string): void {
    const items = this.read();
    if (items.delete(key)) this.write(items);
  }

  private requireBox(): SecretBox {
    if (!this.box?.isAvailable()) throw new AppError('not_allowed', MESSAGES.sessionNotEncryptable);
    return this.box;
  }

  private read(): Map<string, string> {
    if (this.items) return this.items;
    const box = this.requireBox();
    let items = new Map<string, string>();
    try {
      const parsed: unknown = JSON.parse(box.decrypt(fs.readFileSync(this.file)));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        items = new Map(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') console.warn(`The saved session could not be read, so nobody is signed in: ${String(error)}`);
    }
    this.items = items;
    return items;
  }

  private write(items: Map<string, string>): void {
    const sealed = this.requireBox().encrypt(JSON.stringify(Object.fromEntries(items)));
    const temporary = temporaryFileOf(this.file);
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    writingToSync(temporary, () => fs.writeFileSync(temporary, sealed, { mode: 0o600 }));
    fs.renameSync(temporary, this.file);
    this.items = items;
  }
}
