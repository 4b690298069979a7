// Child process of `npm run bench:export`: only the export worker and its database driver, so
// the memory it reports is the worker's (with PGlite, the embedded database is in it too).
import { openDatabase } from '../../server/db/client'
import { ExportWorker } from '../../server/modules/export/worker'

const [kind, target, dataDir] = process.argv.slice(2) as [string, string, string]
const database =
  kind === 'postgres'
    ? await openDatabase({ kind: 'postgres', url: target, maxConnections: 2 })
    : await openDatabase({ kind: 'pglite', dataDir: target })
global.gc?.()
const base = process.memoryUsage()
let peakRss = base.rss
let peakHeap = base.heapUsed
const sampler = setInterval(() => {
  const m = process.memoryUsage()
  peakRss = Math.max(peakRss, m.rss)
  peakHeap = Math.max(peakHeap, m.heapUsed)
}, 20)
const worker = new ExportWorker({ db: database.db, clock: { now: () => new Date() }, dataDir })
const t0 = performance.now()
const ran = await worker.drain()
const seconds = (performance.now() - t0) / 1000
clearInterval(sampler)
await database.close()
process.stdout.write(`${JSON.stringify({ ran, seconds, baseRss: base.rss, peakRss, peakHeap })}\n`)
