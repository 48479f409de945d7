// The desktop session vault, with Electron's safeStorage replaced at the thin layer by real AES-GCM under a key
// of this test: the file holds only ciphertext, survives a restart, and a corrupt or foreign file means signed out.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../db/test-support';
import { SESSION_VAULT_FILE, SessionVault, type SecretBox } from './session-vault';

function aesBox(key = randomBytes(32)): SecretBox {
  return {
    isAvailable: () => true,
    encrypt: (plain) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decrypt: (sealed) => {
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
      decipher.setAuthTag(sealed.subarray(12, 28));
      return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

const SESSION = JSON.stringify({ access_token: 'header.payload.signature', refresh_token: 'refresh-me' });
describe('SessionVault', () => {
  it('keeps items encrypted on disk, and finds them again after a restart', () => {
    const dir = tempDir();
    const box = aesBox();
    new SessionVault(dir, box).set('sb-127-auth-token', SESSION);
    const onDisk = fs.readFileSync(path.join(dir, SESSION_VAULT_FILE));
    expect(onDisk.includes(Buffer.from('refresh-me'))).toBe(false);
    const reopened = new SessionVault(dir, box);
    expect(reopened.get('sb-127-auth-token')).toBe(SESSION);
    reopened.remove('sb-127-auth-token');
    expect(new SessionVault(dir, box).get('sb-127-auth-token')).toBeNull();
  });

  it('reads a corrupt file, or one sealed by another key, as signed out and writes a good one over it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, SESSION_VAULT_FILE), 'garbage that is not ciphertext');
    const vault = new SessionVault(dir, aesBox());
    expect(vault.get('sb-127-auth-token')).toBeNull();
    vault.set('sb-127-auth-token', SESSION);
    expect(new SessionVault(dir, aesBox()).get('sb-127-auth-token')).toBeNull();
  });

  it('keeps nothing, with a clear error, where the shell cannot encrypt', () => {
    const dir = tempDir();
    for (const box of [null, { ...aesBox(), isAvailable: () => false }]) {
      const vault = new SessionVault(dir, box);
      expect(vault.available).toBe(false);
      expect(() => vault.set('sb-127-auth-token', SESSION)).toThrow('This computer cannot encrypt the session, so it is not kept.');
    }
    expect(fs.existsSync(path.join(dir, SESSION_VAULT_FILE))).toBe(false);
  });
});
