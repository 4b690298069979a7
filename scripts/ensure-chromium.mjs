// Installs Debian's chromium when it is missing (as root), else says what to install.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { CHROMIUM_PATH } from './chromium-path.mjs'

if (existsSync(CHROMIUM_PATH)) {
  process.exit(0)
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
if (!isRoot) {
  console.error(
    `No browser at ${CHROMIUM_PATH}. Install Debian's chromium (sudo apt-get install chromium) ` +
      'or set CHROMIUM_PATH to a Chromium binary, then run npm test again.',
  )
  process.exit(1)
}
console.log(`No browser at ${CHROMIUM_PATH}: installing Debian's chromium with apt-get…`)
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-core'], {
  stdio: 'inherit',
  env,
})
if (!existsSync(CHROMIUM_PATH)) {
  console.error(`apt-get finished but ${CHROMIUM_PATH} is still missing.`)
  process.exit(1)
}
