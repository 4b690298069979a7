// The launch rush's readers in a worker thread of their own (runRush's readersApart): other
// people's cards and positions reads, timed on an event loop the buyers' sends do not hold.
import { parentPort, workerData } from 'node:worker_threads'
import { readHere } from './rush'

const { servers, tokens, timeoutMs, everyMs } = workerData as {
  servers: string[]
  tokens: string[]
  timeoutMs: number
  everyMs: number
}
const loops = readHere(servers, tokens, timeoutMs, everyMs)
parentPort!.once('message', async () => parentPort!.postMessage(await loops.stop()))
