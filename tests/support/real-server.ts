import { spawn, type ChildProcess } from 'node:child_process'

export type RealServer = { url: string; wsUrl: string; close(): Promise<void> }

/**
 * Starts the real server (server/server.ts) in a child process on an ephemeral port. A child
 * keeps the server in Node's own realm: the client tests run in jsdom, where the database
 * driver's URL and buffer checks fail.
 */
export async function startRealServer(): Promise<RealServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/support/real-server-main.ts'],
    { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, DATABASE_URL: '' } },
  )
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (b: Buffer) => {
      output += b.toString()
      const m = /READY (\S+)/.exec(output)
      if (m) resolve(m[1]!)
    })
    child.stderr!.on('data', (b: Buffer) => (output += b.toString()))
    child.on('exit', (code) => reject(new Error(`real server exited with ${code}: ${output}`)))
  })
  return {
    url,
    wsUrl: url.replace(/^http/, 'ws'),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.stdin!.end()
      }),
  }
}
