import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { hydrateInitialProductCards } from '../features/earn-products/api/initial-product-cards'
import { i18n } from '../lib/i18n/i18n'
import { createQueryClient } from '../lib/query/query-client'
import { createAppRouter } from './router'
import { holdSessionUntil } from '../features/auth/session-ready'
import { platformStore } from '../lib/platform/platform-store'

const queryClient = createQueryClient()
// The server inlines the first page's data into index.html, saving a round trip before paint.
hydrateInitialProductCards(queryClient)
const router = createAppRouter(queryClient)

/**
 * Called by bootstrap once the platform is known (module evaluation runs before that). Inside
 * Telegram, user-dependent queries wait for the automatic login (its code loads only there).
 */
export function startAppSession(): void {
  if (platformStore.telegram)
    holdSessionUntil(import('./start-session').then((m) => m.startTelegramSession(queryClient)))
}

/**
 * Before hydrating the server's first view: resolves the page's routes, chunks and data, so the
 * first render is the whole page, and marks the router as rendering server markup (`ssr`), so
 * it renders the same boundaries the server did.
 */
export async function prepareHydration(): Promise<void> {
  router.ssr = { manifest: undefined }
  await router.load()
}

/**
 * Before drawing anew over a server view that cannot be hydrated (another language or page
 * than the server drew): the page is loaded first, so the view is replaced in one commit by
 * the whole page, never by an empty or half-loaded one.
 */
export async function prepareRender(): Promise<void> {
  await router.load()
}

export function App() {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>
  )
}
