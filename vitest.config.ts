import { configDefaults, defineConfig } from 'vitest/config'

// PostgreSQL-only suites (scale-out, crashes with two servers) exist only when a server is given.
const postgresProjects = process.env.TEST_DATABASE_URL
  ? [
      {
        test: {
          name: 'server-pg',
          environment: 'node',
          include: ['tests/server/pg/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ]
  : []

export default defineConfig({
  test: {
    // Vitest's run-mode default is one worker less than the cores: on the 2-core CI machine that
    // ran the files one at a time (895 s). Two workers there took 653 s with every test green.
    maxWorkers: '100%',
    projects: [
      {
        extends: './vite.config.ts',
        test: {
          name: 'client',
          environment: 'jsdom',
          include: [
            'tests/lib/**/*.test.{ts,tsx}',
            'tests/spec/**/*.test.{ts,tsx}',
            'tests/features/**/*.test.{ts,tsx}',
            'src/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['tests/support/client-setup.ts'],
          // A first render imports and transforms its route's modules: 0.8 s alone, past 5 s
          // (the default) beside the server suite's processes on the 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'tests/server/pg/**'],
          // One migrated PGlite copied into every fresh test database (pglite-template.ts).
          globalSetup: ['tests/support/pglite-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...postgresProjects,
    ],
    coverage: {
      provider: 'v8',
      include: ['src/lib/**/*.{ts,tsx}'],
      reporter: ['text-summary', 'text'],
      // Shared client behaviour must stay tested: npm test fails below 90 % of src/lib lines.
      thresholds: { 'src/lib/**': { lines: 90 } },
    },
  },
})
