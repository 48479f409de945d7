// The worker pool runs bundled JavaScript (worker threads cannot load TypeScript on Node 20): build the
// worker entry once before the tests, the same way `npm run build` does, and the CLI, which the crash and
// permission tests run as a separate process.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  execFileSync(process.execPath, ['scripts/build-node.mjs', '--test-only', 'dist/test'], { stdio: 'inherit' });
  // The tests' temporary folders (libraries, databases, 5 MB WAVs) all go under one folder for the run, which
  // goes at the end: a run leaves nothing behind in the system's temp folder.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-tests-'));
  for (const name of ['TMPDIR', 'TEMP', 'TMP']) process.env[name] = root;
  return () => fs.rmSync(root, { recursive: true, force: true, maxRetries: 3 });
}
