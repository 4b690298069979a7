import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DeviceStore } from '../../../src/lib/telegram/biometry-enrolment'

// The biometry enrolment flag in localStorage and, where the client has it, in Telegram's
// DeviceStorage (Bot API 9.0). Each test fresh modules: the DeviceStorage link is module state.

const KEY = 'earn/biometry-device'

/** A DeviceStorage stand-in: the client's values, and a read that answers when told to. */
function deviceStore(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial))
  let answer: (() => void) | null = null
  const store = {
    values,
    get: vi.fn(
      (key: string) =>
        new Promise<string | null>((resolve) => {
          answer = () => resolve(values.get(key) ?? null)
        }),
    ),
    set: vi.fn(async (key: string, value: string | null) => {
      if (value === null) values.delete(key)
      else values.set(key, value)
    }),
    /** The client answers the pending read. */
    answer: async () => {
      answer?.()
      await new Promise((r) => setTimeout(r, 0))
    },
  }
  return store satisfies DeviceStore
}

const load = async () => ({
  ...(await import('../../../src/lib/telegram/biometry-device')),
  ...(await import('../../../src/lib/telegram/biometry-enrolment')),
})

beforeEach(() => vi.resetModules())
afterEach(() => {
  localStorage.clear()
  vi.restoreAllMocks()
})

describe('biometry device without DeviceStorage', () => {
  it('is what localStorage holds', async () => {
    const m = await load()
    expect(m.enrolledBiometryDevice()).toBeNull()
    m.setEnrolledBiometryDevice('dev-1')
    expect(localStorage.getItem(KEY)).toBe('dev-1')
    expect(m.enrolledBiometryDevice()).toBe('dev-1')
    m.setEnrolledBiometryDevice(null)
    expect(m.enrolledBiometryDevice()).toBeNull()
  })
})

describe('biometry device with DeviceStorage', () => {
  it('survives a cleared localStorage: the id comes back from the client', async () => {
    const m = await load()
    const store = deviceStore({ [KEY]: 'dev-1' })
    const kept = m.keepBiometryDeviceIn(store)
    // Until the client answers, localStorage alone answers (here: nothing).
    expect(m.enrolledBiometryDevice()).toBeNull()
    await store.answer()
    await kept
    expect(m.enrolledBiometryDevice()).toBe('dev-1')
    expect(localStorage.getItem(KEY)).toBe('dev-1')
  })

  it('copies an id only localStorage holds (enrolled before) to the client', async () => {
    localStorage.setItem(KEY, 'dev-old')
    const m = await load()
    const store = deviceStore()
    const kept = m.keepBiometryDeviceIn(store)
    expect(m.enrolledBiometryDevice()).toBe('dev-old')
    await store.answer()
    await kept
    expect(store.values.get(KEY)).toBe('dev-old')
    expect(m.enrolledBiometryDevice()).toBe('dev-old')
  })

  it('writes every change to both, and a change during the first read wins over it', async () => {
    const m = await load()
    const store = deviceStore({ [KEY]: 'dev-stale' })
    const kept = m.keepBiometryDeviceIn(store)
    m.setEnrolledBiometryDevice(null)
    await store.answer()
    await kept
    expect(m.enrolledBiometryDevice()).toBeNull()
    expect(store.values.has(KEY)).toBe(false)
    m.setEnrolledBiometryDevice('dev-2')
    expect(store.values.get(KEY)).toBe('dev-2')
    expect(localStorage.getItem(KEY)).toBe('dev-2')
  })

  it('keeps the id where localStorage refuses (a frame without storage)', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError')
    })
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError')
    })
    const m = await load()
    const store = deviceStore({ [KEY]: 'dev-1' })
    const kept = m.keepBiometryDeviceIn(store)
    await store.answer()
    await kept
    expect(m.enrolledBiometryDevice()).toBe('dev-1')
  })

  it('a read the client refuses leaves localStorage in charge, and nothing more goes there', async () => {
    localStorage.setItem(KEY, 'dev-1')
    const m = await load()
    const store = {
      get: vi.fn(async () => Promise.reject(new Error('UNKNOWN_ERROR'))),
      set: vi.fn(),
    }
    await expect(m.keepBiometryDeviceIn(store)).rejects.toThrow('UNKNOWN_ERROR')
    expect(m.enrolledBiometryDevice()).toBe('dev-1')
    m.setEnrolledBiometryDevice(null)
    expect(m.enrolledBiometryDevice()).toBeNull()
    expect(store.set).not.toHaveBeenCalled()
  })
})
