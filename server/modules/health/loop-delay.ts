import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'

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

/** The garbage collector's pauses in one window: how many, their sum and the longest (ms). */
export type GcPauseWindow = { count: number; total: number; max: number }
/**
 * The collector's pauses of this process, for /health: `pauses` and `total_ms` since the start
 * (a reader takes the difference of two reads), and the windows as for the loop delay. A loop
 * delay with the collector's pauses beside it says whether the loop was full of work or of
 * collections (the launch rush's opening: docs/performance.md, Run AI).
 */
export type GcPauseFigures = {
  pauses: number
  total_ms: number
  window_ms: number
  running: GcPauseWindow
  previous: GcPauseWindow
}

class LoopDelay {
  readonly #monitor = monitorEventLoopDelay({ resolution: LOOP_DELAY_RESOLUTION_MS })
  #previous: LoopDelayWindow = { p50: 0, p99: 0, max: 0 }
  readonly #timer: NodeJS.Timeout
  #gcRunning: GcPauseWindow = { count: 0, total: 0, max: 0 }
  #gcPrevious: GcPauseWindow = { count: 0, total: 0, max: 0 }
  #gcPauses = 0
  #gcTotal = 0

  constructor() {
    this.#monitor.enable()
    // Node reports each collection's pause as a 'gc' performance entry, after the fact.
    new PerformanceObserver((list) => {
      for (const { duration } of list.getEntries()) {
        this.#gcPauses += 1
        this.#gcTotal += duration
        const w = this.#gcRunning
        w.count += 1
        w.total += duration
        w.max = Math.max(w.max, duration)
      }
    }).observe({ entryTypes: ['gc'] })
    this.#timer = setInterval(() => {
      this.#previous = this.#window()
      this.#monitor.reset()
      this.#gcPrevious = this.#gcRunning
      this.#gcRunning = { count: 0, total: 0, max: 0 }
    }, LOOP_DELAY_WINDOW_MS)
    this.#timer.unref()
  }

  figures(): LoopDelayFigures {
    return { window_ms: LOOP_DELAY_WINDOW_MS, running: this.#window(), previous: this.#previous }
  }

  gcFigures(): GcPauseFigures {
    const round = (w: GcPauseWindow): GcPauseWindow => ({
      count: w.count,
      total: tenths(w.total),
      max: tenths(w.max),
    })
    return {
      pauses: this.#gcPauses,
      total_ms: tenths(this.#gcTotal),
      window_ms: LOOP_DELAY_WINDOW_MS,
      running: round(this.#gcRunning),
      previous: round(this.#gcPrevious),
    }
  }

  #window(): LoopDelayWindow {
    const h = this.#monitor
    const ms = (ns: number) => (h.count ? Math.round(ns / 1e5) / 10 : 0)
    return { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) }
  }
}

const tenths = (ms: number) => Math.round(ms * 10) / 10

let shared: LoopDelay | undefined

/**
 * The process's one monitor: the event loop is the process's, whichever app asks (a test
 * process creates hundreds of apps, and each used to start a monitor and a timer of its own that
 * nothing stopped).
 */
export const processLoopDelay = (): LoopDelay => (shared ??= new LoopDelay())
