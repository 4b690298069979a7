import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Backoff } from '../../../src/lib/backoff/backoff'
import { RequestError } from '../../../src/lib/http/request-error'
import { telegramLoginState } from '../../../src/lib/telegram/telegram-login-state'
import { TELEGRAM_SESSION_KEY } from '../../../contract/telegram-launch'

const apiRequest = vi.hoisted(() => vi.fn())
vi.mock('../../../src/lib/http/api-client', () => ({ apiRequest }))
const { startTelegramLogin } = await import('../../../src/features/auth/api/telegram-login')
const { platformStore } = await import('../../../src/lib/platform/platform-store')
const { loginRedirect, redirectToLogin } = await import('../../../src/lib/http/login-redirect')

const memoryStorage = () => {
  const m = new Map<string, string>()
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    backedByBrowser: false,
  }
}

afterEach(() => {
  vi.useRealTimers()
  apiRequest.mockReset()
  Object.assign(telegramLoginState, { status: 'idle', reason: '', code: 0 })
  Object.assign(platformStore, { userToken: '', telegram: false })
})

describe('startTelegramLogin', () => {
  it('a refusal is kept with its reason for the retry message; nothing is stored', async () => {
    apiRequest.mockRejectedValue(new RequestError('init data has expired', 10003, '/x'))
    const storage = memoryStorage()
    await startTelegramLogin('raw', new QueryClient(), storage)
    expect(telegramLoginState).toMatchObject({
      status: 'refused',
      reason: 'init data has expired',
      code: 10003,
    })
    expect(storage.getItem(TELEGRAM_SESSION_KEY)).toBeNull()
    expect(platformStore.userToken).toBe('')
  })

  it('no answer (network) is retried by itself with backoff, then logs in', async () => {
    vi.useFakeTimers()
    apiRequest
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new RequestError('no response', -1, '/x'))
      .mockResolvedValue({ user_id: 1, token: 'tok-1' })
    const storage = memoryStorage()
    await startTelegramLogin('raw', new QueryClient(), storage, new Backoff({ minMs: 1000 }))
    expect(telegramLoginState.status).toBe('pending')
    await vi.advanceTimersByTimeAsync(1000)
    expect(apiRequest).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(2000)
    expect(apiRequest).toHaveBeenCalledTimes(3)
    expect(telegramLoginState.status).toBe('done')
    // The token is sent as UserToken from now on, and kept for a reload of the tab or frame.
    expect(platformStore.userToken).toBe('tok-1')
    expect(JSON.parse(storage.getItem(TELEGRAM_SESSION_KEY)!)).toEqual({
      initData: 'raw',
      token: 'tok-1',
    })
  })

  it('once done in this tab, the same initData is not sent again', async () => {
    const storage = memoryStorage()
    storage.setItem(TELEGRAM_SESSION_KEY, JSON.stringify({ initData: 'raw', token: 'kept' }))
    await startTelegramLogin('raw', new QueryClient(), storage)
    expect(apiRequest).not.toHaveBeenCalled()
    expect(telegramLoginState.status).toBe('done')
    expect(platformStore.userToken).toBe('kept')
  })

  it('an expired session inside Telegram logs in again with the initData, not at a login page', async () => {
    const storage = memoryStorage()
    storage.setItem(TELEGRAM_SESSION_KEY, JSON.stringify({ initData: 'raw', token: 'old' }))
    await startTelegramLogin('raw', new QueryClient(), storage)
    const navigate = vi.spyOn(loginRedirect, 'navigate').mockImplementation(() => undefined)
    apiRequest.mockResolvedValue({ user_id: 1, token: 'new' })
    platformStore.telegram = true
    await redirectToLogin()
    expect(apiRequest).toHaveBeenCalledTimes(1)
    expect(platformStore.userToken).toBe('new')
    // A second expiry at once does not loop.
    await redirectToLogin()
    expect(apiRequest).toHaveBeenCalledTimes(1)
    expect(navigate).not.toHaveBeenCalled()
  })
})
