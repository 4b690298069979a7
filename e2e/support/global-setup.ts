import { API_PREFIX, TELEGRAM_LOGIN_PATH } from '../../contract/paths'
import { E2E_BASE_URL } from './constants'
import { DEFAULT_TG_USER } from './fixtures'
import { serverNowSeconds, signInitData } from './telegram'

/**
 * Runs once, after the server is up and before any test: the default Telegram user's first launch.
 * Accounts made at a first launch take the next user id, and gray-release stages gate by the id's
 * last digit (spec §5). Launched first, the Telegram user gets the first id (200001, odd: released
 * at Stage2) whatever order the run's other first launches and registrations come in.
 */
export default async function globalSetup(): Promise<void> {
  const initData = signInitData({ user: DEFAULT_TG_USER, auth_date: await serverNowSeconds() })
  const res = await fetch(`${E2E_BASE_URL}${API_PREFIX}${TELEGRAM_LOGIN_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ init_data: initData }),
  })
  const body = (await res.json()) as { ret_code: number; result?: { user_id: number } }
  const userId = body.result?.user_id ?? 0
  if (body.ret_code !== 0 || userId % 2 !== 1)
    throw new Error(`the Telegram user's first launch must give an odd id: ${JSON.stringify(body)}`)
}
