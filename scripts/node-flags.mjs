// V8 settings for every Node process that runs the core (browser host, CLI, benchmarks; Electron's main
// process gets the same through `js-flags`, see main/electron/main.ts). A 4 MB young generation keeps the
// library engine's memory flat: a first scan of 20,000 projects allocates far more short-lived objects than
// it keeps, and V8's default young generation lets that garbage set the process's peak (DESIGN.md budget:
// 300 MB). The cost is more frequent, smaller scavenges.
export const NODE_FLAGS = ['--max-semi-space-size=4'];
