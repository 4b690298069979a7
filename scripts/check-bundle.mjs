// Checks the production bundle: no development mock code ships (the Telegram mock
// environment is dev-only). Budgets from the benchmark issue join here as they land.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

const dir = 'dist/assets'
const forbidden = [
  'mockTelegramEnv',
  'mockTelegramForDevelopment',
  'dev-mock-env',
  'DEVELOPMENT-ONLY',
]
const problems = []
for (const file of readdirSync(dir)) {
  if (!/\.(js|css)$/.test(file)) continue
  const text = readFileSync(join(dir, file), 'utf8')
  for (const word of forbidden) if (text.includes(word)) problems.push(`${file} contains ${word}`)
}
if (problems.length) {
  console.error('Bundle check failed:\n  ' + problems.join('\n  '))
  process.exit(1)
}
console.log(`Bundle check: no mock-environment code in ${dir}`)
