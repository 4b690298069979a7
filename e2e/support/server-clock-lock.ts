import { mkdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { E2E_PORT } from './constants'

// The e2e server has one TEST_MODE clock that some specs move by days (journeys, dual
// settlements, the closed-positions history). A spec that reads the page's idea of server time
// (a countdown, "Earning from 14:00 today") holds this lock from page load to assertion, and a
// clock move waits for it, so no move lands in between. One lock for the server (mkdir is
// atomic across the Playwright workers), re-entrant within a worker (one test at a time).

const LOCK = join(tmpdir(), `earn-e2e-server-clock-${E2E_PORT}.lock`)
/** A lock left by a killed run is taken over after this long. */
const STALE_MS = 5 * 60_000
const WAIT_MS = 3 * 60_000

let depth = 0

async function acquire(): Promise<void> {
  const until = Date.now() + WAIT_MS
  for (;;) {
    try {
      mkdirSync(LOCK)
      return
    } catch {
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > STALE_MS) rmSync(LOCK, { recursive: true })
      } catch {
        // Released meanwhile: try again.
      }
      if (Date.now() > until) throw new Error(`server clock lock not free after ${WAIT_MS} ms`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }
}

/** Runs `fn` while no other worker moves (or reads) the server clock. */
export async function holdingServerClock<T>(fn: () => Promise<T>): Promise<T> {
  if (depth === 0) await acquire()
  depth++
  try {
    return await fn()
  } finally {
    depth--
    if (depth === 0) rmSync(LOCK, { recursive: true, force: true })
  }
}
