import { testConfig, type AppConfig } from '../../../server/config'
import { DEMO_PASSWORD } from '../../../server/db/seed-identity'
import { startServer, type RunningServer } from '../../../server/server'
import { openTestDatabase } from '../../support/test-database'

/**
 * The real server (no client build) on an ephemeral 127.0.0.1 port with a fresh database, and
 * a demo user's session token, for tests that speak to its sockets.
 */
export async function startServerWithSession(
  email = 'kyc2@earn.test',
  config: Partial<AppConfig> = {},
): Promise<{ server: RunningServer; token: string }> {
  const server = await startServer(testConfig({ PORT: 0, HOST: '127.0.0.1', ...config }), {
    database: await openTestDatabase(),
    withClient: false,
  })
  const res = await fetch(`${server.url}/x-api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  })
  const token = /=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!
  return { server, token }
}
