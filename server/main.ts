import { API_PREFIX } from '../contract/paths'
import { ConfigError, parseConfig } from './config'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed-identity'
import { startServer } from './server'

async function main(): Promise<void> {
  let config
  const demo = process.argv.includes('--demo')
  try {
    // `--demo` (what npm start and npm run dev pass) is SEED_DEMO=1, and development unless
    // NODE_ENV says otherwise: the explicit choice of public secrets and demo money. Without it
    // an unset NODE_ENV is production (server/config.ts), which refuses them.
    const demoFlag = demo ? { SEED_DEMO: '1', NODE_ENV: process.env.NODE_ENV || 'development' } : {}
    config = parseConfig({ ...process.env, ...demoFlag })
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(1)
    }
    throw err
  }

  // The first line says what this is: a demo (public dev secrets, demo money) or not.
  const unset = process.env.NODE_ENV || demo ? '' : ' (unset: the default)'
  const mode = `NODE_ENV=${config.NODE_ENV}${unset}${config.TEST_MODE ? ', TEST_MODE on' : ''}`
  console.log(
    config.SEED_DEMO
      ? `Earn DEMO (${mode}): demo accounts and balances, development secrets; not for production`
      : `Earn (${mode}): no demo data`,
  )
  const running = await startServer(config)
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`
  console.log(`Earn is running at ${running.url}/earn/home`)
  console.log(`API under ${running.url}${API_PREFIX} · database: ${where}`)
  if (config.SEED_DEMO) {
    console.log(`Demo logins (password ${DEMO_PASSWORD}):`)
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(20)} ${a.what}`)
  }

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(
      `${signal}: shutting down (${running.inFlight()} requests in flight, up to ${config.SHUTDOWN_DRAIN_MS} ms to finish)`,
    )
    try {
      await running.close({ drainMs: config.SHUTDOWN_DRAIN_MS })
      console.log('stopped')
      process.exit(0)
    } catch (err) {
      console.error('shutdown failed', err)
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

main().catch((err: unknown) => {
  console.error('Earn failed to start:', err instanceof Error ? err.message : err)
  process.exit(1)
})
