import { monitorEventLoopDelay } from 'node:perf_hooks'

/**
 * How long this server's event loop kept callbacks waiting, for /health: an operator (and the
 * launch-rush bench) reads whether a server's answers are late because its loop is full rather
 * than because of the database. Node's loop-delay monitor, sampled every
 * LOOP_DELAY_RESOLUTION_MS, in windows of LOOP_DELAY_WINDOW_MS: the figures are the window
 * running now and the one before, each on its own (percentiles of two windows do not merge).
 */
export const LOOP_DELAY_WINDOW_MS = 10_000
const LOOP_DELAY_RESOLUTION_MS = 10

/** Milliseconds (0.1 ms steps); zeros for a window with no sample yet. */
export type LoopDelayWindow = { p50: number; p99: number; max: number }
export type LoopDelayFigures = {
  window_ms: number
  running: LoopDelayWindow
  previous: LoopDelayWindow
}

class LoopDelay {
  readonly #monitor = monitorEventLoopDelay({ resolution: LOOP_DELAY_RESOLUTION_MS })
  #previous: LoopDelayWindow = { p50: 0, p99: 0, max: 0 }
  readonly #timer: NodeJS.Timeout

  constructor() {
    this.#monitor.enable()
    this.#timer = setInterval(() => {
      this.#previous = this.#window()
      this.#monitor.reset()
    }, LOOP_DELAY_WINDOW_MS)
    this.#timer.unref()
  }

  figures(): LoopDelayFigures {
    return { window_ms: LOOP_DELAY_WINDOW_MS, running: this.#window(), previous: this.#previous }
  }

  #window(): LoopDelayWindow {
    const h = this.#monitor
    const ms = (ns: number) => (h.count ? Math.round(ns / 1e5) / 10 : 0)
    return { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) }
  }
}

let shared: LoopDelay | undefined

/**
 * The process's one monitor: the event loop is the process's, whichever app asks (a test
 * process creates hundreds of apps, and each used to start a monitor and a timer of its own that
 * nothing stopped).
 */
export const processLoopDelay = (): LoopDelay => (shared ??= new LoopDelay())
