import { lazy, Suspense } from 'react'
import { platformStore } from '../lib/platform/platform-store'

// Only mobile web outside the app shows it, so everyone else never downloads its code.
const DownloadPromptBody = lazy(() =>
  import('./download-prompt-body').then((m) => ({ default: m.DownloadPromptBody })),
)

/** The app download button or prompt of spec §2 (see download-prompt-body.tsx). */
export function DownloadPrompt() {
  if (platformStore.platform !== 'h5' || platformStore.inApp) return null
  return (
    <Suspense fallback={null}>
      <DownloadPromptBody />
    </Suspense>
  )
}
