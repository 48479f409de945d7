// The worker pool runs bundled JavaScript (worker threads cannot load TypeScript on Node 20): build the
// worker entry once before the tests, the same way `npm run build` does.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-node.mjs', '--worker-only', 'dist/test'], { stdio: 'inherit' });
}
