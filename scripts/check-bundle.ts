// The deterministic part of the benchmarks, run on every `npm test` after the build: no
// dev-only mock or zod code ships, /earn/home's initial JS stays within its budget, and the
// entry carries V8's compile hint.
import {
  entriesWithoutCompileHint,
  forbiddenCode,
  kB,
  measurePageBundle,
} from './bench/bundle-size'
import { INITIAL_JS_GZIP_BUDGET } from './bench/budgets'

const distDir = process.env.DIST_DIR ?? 'dist'
const problems = forbiddenCode(distDir)
const home = measurePageBundle(distDir, '/earn/home')
const line = `initial JS for /earn/home: ${kB(home.jsTotal.gzip)} gzip (budget ${kB(INITIAL_JS_GZIP_BUDGET)}) in ${home.js.length} files`
if (home.jsTotal.gzip > INITIAL_JS_GZIP_BUDGET) problems.push(`${line}: over budget`)
for (const file of entriesWithoutCompileHint(distDir))
  problems.push(`${file} does not begin with V8's compile hint (scripts/vite-compile-hints.ts)`)

if (problems.length) {
  console.error('Bundle check failed:\n  ' + problems.join('\n  '))
  process.exit(1)
}
console.log(
  `Bundle check: ${line}; no mock-environment or zod code in ${distDir}/assets; the entry marked for eager compilation`,
)
