// Runs a bundled entry of the core in a Node process with the app's V8 settings (see node-flags.mjs):
//   node scripts/run-node.mjs dist/node/cli.mjs scan <dir> --json
import { spawn } from 'node:child_process';
import { NODE_FLAGS } from './node-flags.mjs';

const [entry, ...args] = process.argv.slice(2);
const child = spawn(process.execPath, [...NODE_FLAGS, entry, ...args], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
