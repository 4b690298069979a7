import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { hydrateInitialProductCards } from '../features/earn-products/api/initial-product-cards'
import { i18n } from '../lib/i18n/i18n'
import { createQueryClient } from '../lib/query/query-client'
import { createAppRouter } from './router'
import { startSession } from './start-session'

const queryClient = createQueryClient()
// The server inlines the first page's data into index.html, saving a round trip before paint.
hydrateInitialProductCards(queryClient)
const router = createAppRouter(queryClient)

/** Called by bootstrap once the platform is known (module evaluation runs before that). */
export const startAppSession = () => startSession(queryClient)

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
