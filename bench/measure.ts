/** Small measuring helpers shared by the benchmarks. */
import { spawnSync } from 'node:child_process';

export async function seconds<T>(work: () => Promise<T> | T): Promise<{ value: T; s: number }> {
  const start = process.hrtime.bigint();
  const value = await work();
  return { value, s: Number(process.hrtime.bigint() - start) / 1e9 };
}

/** Wall time of a shell command (the baselines: `find`, `gzip -dc`), best of `runs`. */
export function commandSeconds(command: string, runs = 3): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run += 1) {
    const start = process.hrtime.bigint();
    const result = spawnSync('sh', ['-c', command], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) throw new Error(`${command} failed (${result.status})`);
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9);
  }
  return best;
}

/** Peak resident memory of this process (all its threads), in MB. */
export function peakRssMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

export function round(value: number, digits = 3): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function argValue(argv: string[], name: string, fallback: string): string {
  const index = argv.indexOf(name);
  return index !== -1 && argv[index + 1] ? (argv[index + 1] as string) : fallback;
}

export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** The value below which `fraction` of `values` lie: the sorted values' element at floor(fraction x count) (0 for none). */
export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}
