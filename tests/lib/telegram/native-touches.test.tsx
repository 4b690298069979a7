import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { platformStore } from '../../../src/lib/platform/platform-store'

const offerHomeScreen = vi.hoisted(() => vi.fn(async () => true))
vi.mock('../../../src/lib/telegram/telegram-home-screen', () => ({ offerHomeScreen }))
// A client with the parts these hooks use; withTelegram runs its call at once, as it does
// once the SDK has loaded.
const client = vi.hoisted(() => ({
  closingBehavior: {
    isMounted: vi.fn(() => false),
    mount: { ifAvailable: vi.fn() },
    enableConfirmation: { ifAvailable: vi.fn() },
    disableConfirmation: { ifAvailable: vi.fn() },
  },
  hideKeyboard: { ifAvailable: vi.fn() },
}))
vi.mock('../../../src/lib/telegram/telegram-sdk', () => ({
  withTelegram: (fn: (sdk: typeof client) => void) => {
    if (platformStore.telegram) fn(client)
  },
}))

const { offerHomeScreenOnce, hideTelegramKeyboard } =
  await import('../../../src/lib/telegram/native-touches')
const { useClosingConfirmation } =
  await import('../../../src/lib/telegram/use-closing-confirmation')
const { enrolledBiometryDevice } = await import('../../../src/lib/telegram/biometry-device')
const { setEnrolledBiometryDevice } = await import('../../../src/lib/telegram/biometry-enrolment')

afterEach(() => {
  platformStore.telegram = false
  localStorage.clear()
  vi.clearAllMocks()
  vi.restoreAllMocks()
})

describe('offerHomeScreenOnce', () => {
  it('offers once per device, inside Telegram only', async () => {
    offerHomeScreenOnce()
    platformStore.telegram = true
    offerHomeScreenOnce()
    offerHomeScreenOnce()
    await vi.waitFor(() => expect(offerHomeScreen).toHaveBeenCalledTimes(1))
  })

  it('offers nothing when this device cannot remember having offered', () => {
    platformStore.telegram = true
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied')
    })
    offerHomeScreenOnce()
    expect(offerHomeScreen).not.toHaveBeenCalled()
  })
})

describe('hideTelegramKeyboard', () => {
  it('hides the keyboard inside Telegram, nothing on the web', () => {
    hideTelegramKeyboard()
    expect(client.hideKeyboard.ifAvailable).not.toHaveBeenCalled()
    platformStore.telegram = true
    hideTelegramKeyboard()
    expect(client.hideKeyboard.ifAvailable).toHaveBeenCalledTimes(1)
  })
})

describe('useClosingConfirmation', () => {
  it('asks before closing while any holder is active, and stops when the last one ends', () => {
    platformStore.telegram = true
    const a = renderHook(({ on }) => useClosingConfirmation(on), { initialProps: { on: true } })
    const b = renderHook(() => useClosingConfirmation(true))
    expect(client.closingBehavior.mount.ifAvailable).toHaveBeenCalled()
    expect(client.closingBehavior.enableConfirmation.ifAvailable).toHaveBeenCalledTimes(2)
    a.rerender({ on: false })
    expect(client.closingBehavior.disableConfirmation.ifAvailable).not.toHaveBeenCalled()
    b.unmount()
    expect(client.closingBehavior.disableConfirmation.ifAvailable).toHaveBeenCalledTimes(1)
  })
})

describe('the enrolled biometric device', () => {
  it('is kept on this device and forgotten on turn-off', () => {
    expect(enrolledBiometryDevice()).toBeNull()
    setEnrolledBiometryDevice('dev-1')
    expect(enrolledBiometryDevice()).toBe('dev-1')
    setEnrolledBiometryDevice(null)
    expect(enrolledBiometryDevice()).toBeNull()
  })

  it('reads as none where storage is refused, and a refused write is quiet', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied')
    })
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('denied')
    })
    expect(enrolledBiometryDevice()).toBeNull()
    expect(() => setEnrolledBiometryDevice('dev-1')).not.toThrow()
  })
})
