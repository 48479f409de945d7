// The worker pool runs bundled JavaScript (worker threads cannot load TypeScript on Node 20): build the
// worker entry once before the tests, the same way `npm run build` does, and the CLI, which the crash and
// permission tests run as a separate process.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-node.mjs', '--test-only', 'dist/test'], { stdio: 'inherit' });
}
