// The launch rush's readers in a worker thread of their own (runRush's readersApart): other
// people's cards and positions reads, timed on an event loop the buyers' sends do not hold.
import { parentPort, workerData } from 'node:worker_threads'
import { readHere, type Readers } from './rush'

const loops = readHere(workerData as Readers)
parentPort!.once('message', async () => parentPort!.postMessage(await loops.stop()))
