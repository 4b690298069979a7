import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { platformStore } from '../../../src/lib/platform/platform-store'
import { MainAction } from '../../../src/lib/telegram/main-action'

// The SDK parts the helpers load: a MainButton that records what the app sets.
const sdk = vi.hoisted(() => {
  const listeners = new Set<() => void>()
  const state = { mounted: false, params: [] as Record<string, unknown>[] }
  const mainButton = Object.assign(
    {
      isMounted: () => state.mounted,
      onClick: (fn: () => void) => {
        listeners.add(fn)
        return () => listeners.delete(fn)
      },
      setParams: (p: Record<string, unknown>) => state.params.push(p),
    },
    { mount: Object.assign(() => void (state.mounted = true), { isAvailable: () => true }) },
  )
  const press = () => listeners.forEach((fn) => fn())
  return { mainButton, state, press, listeners }
})
vi.mock('../../../src/lib/telegram/telegram-sdk-parts', () => ({ mainButton: sdk.mainButton }))

const flush = () => act(async () => {})

afterEach(() => {
  cleanup()
  Object.assign(platformStore, { platform: 'pc', telegram: false })
  sdk.state.params.length = 0
})

describe('MainAction', () => {
  it('on the web renders the in-page button and never touches the SDK', async () => {
    render(
      <MainAction text="Preview" onAction={() => {}}>
        <button>Preview</button>
      </MainAction>,
    )
    await flush()
    expect(screen.getByRole('button', { name: 'Preview' })).toBeTruthy()
    expect(sdk.state.params).toEqual([])
  })

  it('inside Telegram drives the MainButton instead: text, enabled, loader, press, hide', async () => {
    Object.assign(platformStore, { platform: 'ios_tg', telegram: true })
    const onAction = vi.fn()
    const view = (busy: boolean, disabled: boolean) => (
      <MainAction text="Confirm" busy={busy} disabled={disabled} onAction={onAction}>
        <button>Confirm</button>
      </MainAction>
    )
    const { rerender, unmount } = render(view(false, true))
    await flush()
    expect(screen.queryByRole('button')).toBeNull()
    expect(sdk.state.params.at(-1)).toEqual({
      text: 'Confirm',
      isVisible: true,
      isEnabled: false,
      isLoaderVisible: false,
    })
    // Disabled: a press does nothing.
    sdk.press()
    expect(onAction).not.toHaveBeenCalled()

    rerender(view(false, false))
    await flush()
    sdk.press()
    expect(onAction).toHaveBeenCalledTimes(1)

    // In flight: the loader shows and presses are ignored.
    rerender(view(true, false))
    await flush()
    expect(sdk.state.params.at(-1)).toMatchObject({ isLoaderVisible: true })
    sdk.press()
    expect(onAction).toHaveBeenCalledTimes(1)

    unmount()
    expect(sdk.state.params.at(-1)).toEqual({ isVisible: false, isLoaderVisible: false })
    expect(sdk.listeners.size).toBe(0)
  })
})
