// Child-process entry for client tests: the real server on an ephemeral 127.0.0.1 port with a
// fresh in-memory database. It prints its URL and stops when its parent closes stdin.
import { parseConfig, testConfig } from '../../server/config'
import { startServer } from '../../server/server'
import { openTestDatabase } from './test-database'

const config = testConfig({
  ...parseConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1' }),
  TEST_MODE: true,
  SEED_DEMO: true,
})
const server = await startServer(config, { database: await openTestDatabase(), withClient: false })
process.stdout.write(`READY ${server.url}\n`)
const stop = () => void server.close().then(() => process.exit(0))
process.stdin.on('end', stop)
process.stdin.resume()
process.on('SIGTERM', stop)
