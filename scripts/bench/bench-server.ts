import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export type BenchServer = { url: string; pid: number; stop(): Promise<void> }

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })

/**
 * The real server (`npm run serve`) in its own process, serving dist/, so its CPU is not
 * shared with the load generator's event loop. PGlite in a temp dir unless databaseUrl.
 */
export async function startBenchServer(
  options: { databaseUrl?: string } = {},
): Promise<BenchServer> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'earn-bench-'))
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      NODE_ENV: 'production',
      SESSION_SECRET: randomBytes(24).toString('hex'),
      TEST_MODE: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()))
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break
    try {
      if ((await fetch(`${url}/x-api/health`)).ok) return { url, pid: child.pid!, stop }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  await stop()
  throw new Error(`bench server did not start:\n${log}`)
}
