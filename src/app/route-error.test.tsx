import { act, render, screen } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { RouteError } from './route-error'

/** A real router whose only page fails to load until `state.up` turns true. */
function renderFlakyPage(state: { up: boolean; loads: number }) {
  const rootRoute = createRootRoute({
    loader: () => {
      state.loads++
      if (!state.up) throw new Error('Failed to fetch')
      return 'ok'
    },
    component: () => <p>page loaded</p>,
    errorComponent: RouteError,
  })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  render(<RouterProvider router={router} />)
}

describe('RouteError', () => {
  it('shows a readable error with a retry, then recovers by itself when the API is back', async () => {
    const state = { up: false, loads: 0 }
    renderFlakyPage(state)
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch')
    expect(screen.getByRole('button')).toBeTruthy()
    state.up = true
    // The first automatic retry comes after the request backoff's first step (1 s).
    expect(await screen.findByText('page loaded', {}, { timeout: 3000 })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('retries at once when the browser comes back online', async () => {
    const state = { up: false, loads: 0 }
    renderFlakyPage(state)
    await screen.findByRole('alert')
    state.up = true
    await act(async () => {
      window.dispatchEvent(new Event('online'))
    })
    // Well before the 1 s timer: the online event did it.
    expect(await screen.findByText('page loaded', {}, { timeout: 500 })).toBeTruthy()
  })
})
