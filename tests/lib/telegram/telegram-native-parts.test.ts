import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// The SDK functions answer like a Telegram client would: available or not, allowed or refused.
const sdk = vi.hoisted(() => {
  const method = <T>(impl: (...args: never[]) => T) =>
    Object.assign(vi.fn(impl), { isAvailable: vi.fn(() => true) })
  return {
    downloadFile: method(async () => undefined as unknown),
    requestWriteAccess: method(async () => 'allowed' as string),
    checkHomeScreenStatus: method(async () => 'missed' as string),
    addToHomeScreen: method(() => undefined),
    cloudStorage: {
      getItem: method(async () => 'stored' as string | undefined),
      setItem: method(async () => undefined),
    },
    deviceStorage: {
      getItem: method(async () => 'dev-1' as string | null),
      setItem: method(async () => undefined),
    },
  }
})
vi.mock('@tma.js/sdk-react', () => sdk)

const { telegramDownload } = await import('../../../src/lib/telegram/telegram-download')
const { askWriteAccess } = await import('../../../src/lib/telegram/telegram-write-access')
const { offerHomeScreen } = await import('../../../src/lib/telegram/telegram-home-screen')
const { telegramCloudStore } = await import('../../../src/lib/telegram/telegram-cloud-storage')
const { telegramDeviceStore } = await import('../../../src/lib/telegram/telegram-device-storage')

beforeEach(() => {
  for (const fn of [
    sdk.downloadFile,
    sdk.requestWriteAccess,
    sdk.checkHomeScreenStatus,
    sdk.addToHomeScreen,
    sdk.cloudStorage.getItem,
    sdk.cloudStorage.setItem,
    sdk.deviceStorage.getItem,
    sdk.deviceStorage.setItem,
  ]) {
    fn.mockClear()
    fn.isAvailable.mockReturnValue(true)
  }
})
afterEach(() => vi.restoreAllMocks())

describe('telegramDownload', () => {
  it('asks Telegram to download where the client can', async () => {
    await expect(telegramDownload('https://x.test/f.csv', 'f.csv')).resolves.toBe('downloading')
    expect(sdk.downloadFile).toHaveBeenCalledWith('https://x.test/f.csv', 'f.csv')
  })

  it('is unsupported on an older client, and never calls it', async () => {
    sdk.downloadFile.isAvailable.mockReturnValue(false)
    await expect(telegramDownload('u', 'f')).resolves.toBe('unsupported')
    expect(sdk.downloadFile).not.toHaveBeenCalled()
  })

  it('a user who declines has decided; any other failure falls back', async () => {
    const denied = Object.assign(new Error('no'), { name: 'AccessDeniedError' })
    sdk.downloadFile.mockRejectedValueOnce(denied)
    await expect(telegramDownload('u', 'f')).resolves.toBe('declined')
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    sdk.downloadFile.mockRejectedValueOnce(new Error('timeout'))
    await expect(telegramDownload('u', 'f')).resolves.toBe('unsupported')
  })
})

describe('askWriteAccess', () => {
  it('is true only when the user allows', async () => {
    await expect(askWriteAccess()).resolves.toBe(true)
    sdk.requestWriteAccess.mockResolvedValueOnce('rejected')
    await expect(askWriteAccess()).resolves.toBe(false)
  })

  it('asks nothing of a client without the method', async () => {
    sdk.requestWriteAccess.isAvailable.mockReturnValue(false)
    await expect(askWriteAccess()).resolves.toBe(true)
    expect(sdk.requestWriteAccess).not.toHaveBeenCalled()
  })
})

describe('offerHomeScreen', () => {
  it('offers when the mini-app is missing from the home screen', async () => {
    await expect(offerHomeScreen()).resolves.toBe(true)
    expect(sdk.addToHomeScreen).toHaveBeenCalledTimes(1)
  })

  it('offers nothing when it is there already, unknown, or unsupported', async () => {
    sdk.checkHomeScreenStatus.mockResolvedValueOnce('added')
    await expect(offerHomeScreen()).resolves.toBe(false)
    sdk.addToHomeScreen.isAvailable.mockReturnValue(false)
    await expect(offerHomeScreen()).resolves.toBe(false)
    expect(sdk.addToHomeScreen).not.toHaveBeenCalled()
  })
})

describe('telegramCloudStore', () => {
  it('reads and writes one key, an absent value reading as empty', async () => {
    const store = telegramCloudStore('earn_preferences')!
    await expect(store.get()).resolves.toBe('stored')
    sdk.cloudStorage.getItem.mockResolvedValueOnce(undefined)
    await expect(store.get()).resolves.toBe('')
    await store.set('{"hideBalances":true}')
    expect(sdk.cloudStorage.setItem).toHaveBeenCalledWith(
      'earn_preferences',
      '{"hideBalances":true}',
    )
  })

  it('is null where the client has no cloud storage', () => {
    sdk.cloudStorage.getItem.isAvailable.mockReturnValue(false)
    expect(telegramCloudStore('earn_preferences')).toBeNull()
  })
})

describe('telegramDeviceStore', () => {
  it('reads and writes through DeviceStorage, null removing the key', async () => {
    const store = telegramDeviceStore()!
    await expect(store.get('earn/biometry-device')).resolves.toBe('dev-1')
    await store.set('earn/biometry-device', null)
    expect(sdk.deviceStorage.setItem).toHaveBeenCalledWith('earn/biometry-device', null)
  })

  it('is null before Bot API 9.0 (or before init)', () => {
    sdk.deviceStorage.getItem.isAvailable.mockReturnValue(false)
    expect(telegramDeviceStore()).toBeNull()
  })
})
