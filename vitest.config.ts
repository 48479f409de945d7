import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{common,db,main,workers,cloud,fixtures}/**/*.test.ts', 'renderer/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./vitest.global-setup.ts'],
    // better-sqlite3 is native: separate processes keep each test file's database handles apart.
    pool: 'forks',
    testTimeout: 20_000,
  },
});
