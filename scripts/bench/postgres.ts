import { execFileSync, type ExecFileSyncOptions } from 'node:child_process'
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { userInfo } from 'node:os'
import { join } from 'node:path'
import { freePort } from './bench-server'

export type ThrowawayPostgres = {
  url: string
  /** The postmaster's process id: its backends are its children (cpu-time.ts). */
  pid: number
  stop(): void
}

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin'

/** scripts/with-postgres.sh in TypeScript: PostgreSQL 15 on 127.0.0.1 in a temp dir. */
export async function startPostgres(): Promise<ThrowawayPostgres> {
  const root = userInfo().uid === 0
  const dir = mkdtempSync('/tmp/earn-bench-pg-')
  // initdb refuses root, so the cluster belongs to the postgres user.
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString())
    chownSync(dir, uid, gid)
  }
  const asPg = (bin: string, args: string[], opts: ExecFileSyncOptions = {}) =>
    root
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(PG_BIN, bin), ...args], opts)
      : execFileSync(join(PG_BIN, bin), args, opts)
  const port = await freePort()
  const data = join(dir, 'data')
  asPg('initdb', ['-A', 'trust', '-U', 'postgres', '-D', data], { stdio: 'ignore' })
  asPg(
    'pg_ctl',
    [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -h 127.0.0.1 -k ${dir} -c max_connections=300 -c fsync=off`,
      'start',
    ],
    { stdio: 'ignore' },
  )
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pid: Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop: () => {
      try {
        asPg('pg_ctl', ['-D', data, '-m', 'fast', 'stop'], { stdio: 'ignore' })
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
