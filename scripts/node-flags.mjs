// V8 settings for every Node process that runs the core (browser host, CLI, benchmarks; Electron's main
// process gets the same through `js-flags`, see main/electron/main.ts). A 4 MB young generation keeps the
// library engine's memory flat: a first scan of 20,000 projects allocates far more short-lived objects than
// it keeps, and V8's default young generation lets that garbage set the process's peak (DESIGN.md budget:
// 300 MB). The cost is more frequent, smaller scavenges.
// The old generation may grow by half of what survived its last full collection before the next one, rather than
// V8's up to 4x for a GC it finds cheap: a scan's live data (the walk, the index, the plan) is some 50-80 MB at
// 20,000 projects, and 4x that in garbage waiting for a collection set the peak (measured at 20,000 projects: the
// core's heap 215 MB -> under 140 MB after phase one). The cost is more frequent full collections of a small heap.
export const NODE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=50'];
