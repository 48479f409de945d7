// `npm run security:electron`: Doyensec's Electronegativity over the app's main-process sources (main/), for the
// installed Electron version; fails on any HIGH or CRITICAL finding and prints the rest for review. Fetched from
// the npm registry by npx, pinned, so it does not weigh on every install.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const electronVersion = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8')).version;
const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'electronegativity-')), 'report.csv');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const run = spawnSync(npx, ['-y', '@doyensec/electronegativity@1.10.3', '-i', path.join(root, 'main'), '-e', electronVersion, '-o', report], {
  stdio: ['ignore', 'ignore', 'inherit'],
  shell: process.platform === 'win32',
});
if (run.status !== 0 || !fs.existsSync(report)) {
  console.error(`Electronegativity did not run (exit ${run.status}).`);
  process.exit(1);
}
const rows = fs.readFileSync(report, 'utf8').trim().split('\n').slice(1);
const findings = rows.map((row) => ({ check: row.split(',')[0], severity: /"(\w+)"/.exec(row)?.[1] ?? '?', row }));
const high = findings.filter((finding) => finding.severity === 'HIGH' || finding.severity === 'CRITICAL');
for (const finding of findings) console.log(`${finding.severity.padEnd(8)} ${finding.check}  ${finding.row.split(',')[3] ?? ''}`);
if (high.length > 0) {
  console.error(`Electronegativity: ${high.length} high finding(s).`);
  process.exit(1);
}
console.log(`Electronegativity (Electron ${electronVersion}): ${findings.length} findings to review, none high.`);
