// `npm run check:cycles`: import cycles in src, server and contract, type imports included.
import { findCycles, importGraph } from './import-graph'

const cycles = findCycles(importGraph(['src', 'server', 'contract']))
for (const cycle of cycles) console.log(`cycle: ${[...cycle, cycle[0]].join(' -> ')}`)
console.log(cycles.length ? `${cycles.length} import cycle(s)` : 'no import cycle')
process.exit(cycles.length ? 1 : 0)
