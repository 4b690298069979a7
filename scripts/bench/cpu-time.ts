// CPU time of the processes a bench section starts (Linux /proc; elsewhere undefined), to say
// where a figure's time goes: the servers, PostgreSQL, or the load generator itself.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

let ticksPerSecond: number | undefined
const hz = () => (ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100)

/** utime + stime (+ the reaped children's) of one process, in ms; undefined where unreadable. */
function processCpuMs(pid: number, children: boolean): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    const ticks = [11, 12, ...(children ? [13, 14] : [])].reduce((s, i) => s + Number(fields[i]), 0)
    return (ticks * 1000) / hz()
  } catch {
    return undefined
  }
}

const parentOf = (pid: string) => {
  try {
    return Number(/^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])
  } catch {
    return undefined
  }
}

/** A process's CPU in ms, its children's included (live ones and those it has reaped). */
export function treeCpuMs(pid: number): number | undefined {
  const own = processCpuMs(pid, true)
  if (own === undefined) return undefined
  let total = own
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || parentOf(entry) !== pid) continue
    total += processCpuMs(Number(entry), false) ?? 0
  }
  return total
}

/** This process's CPU in ms (the load generator). */
export const ownCpuMs = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
