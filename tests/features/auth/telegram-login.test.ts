import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Backoff } from '../../../src/lib/backoff/backoff'
import { RequestError } from '../../../src/lib/http/request-error'
import { telegramLoginState } from '../../../src/lib/telegram/telegram-login-state'

const apiRequest = vi.hoisted(() => vi.fn())
vi.mock('../../../src/lib/http/api-client', () => ({ apiRequest }))
const { startTelegramLogin, TELEGRAM_LOGIN_DONE_KEY } =
  await import('../../../src/features/auth/api/telegram-login')

const memoryStorage = () => {
  const m = new Map<string, string>()
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
  }
}

afterEach(() => {
  vi.useRealTimers()
  apiRequest.mockReset()
  Object.assign(telegramLoginState, { status: 'idle', reason: '', code: 0 })
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
    expect(storage.getItem(TELEGRAM_LOGIN_DONE_KEY)).toBeNull()
  })

  it('no answer (network) is retried by itself with backoff, then logs in', async () => {
    vi.useFakeTimers()
    apiRequest
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new RequestError('no response', -1, '/x'))
      .mockResolvedValue({ user_id: 1 })
    const storage = memoryStorage()
    await startTelegramLogin('raw', new QueryClient(), storage, new Backoff({ minMs: 1000 }))
    expect(telegramLoginState.status).toBe('pending')
    await vi.advanceTimersByTimeAsync(1000)
    expect(apiRequest).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(2000)
    expect(apiRequest).toHaveBeenCalledTimes(3)
    expect(telegramLoginState.status).toBe('done')
    expect(storage.getItem(TELEGRAM_LOGIN_DONE_KEY)).toBe('raw')
  })

  it('once done in this tab, the same initData is not sent again', async () => {
    const storage = memoryStorage()
    storage.setItem(TELEGRAM_LOGIN_DONE_KEY, 'raw')
    await startTelegramLogin('raw', new QueryClient(), storage)
    expect(apiRequest).not.toHaveBeenCalled()
    expect(telegramLoginState.status).toBe('done')
  })
})
