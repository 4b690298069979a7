import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { tabStore } from '../lib/storage/safe-storage'
import { Dialog } from '../ui/dialog'
import { APP_DOWNLOAD_PATH, DOWNLOAD_PROMPT_DELAY_MS, downloadLinkClass } from './download-link'

const DISMISSED_KEY = 'earn/download-dismissed'

/**
 * The download modal of a page other than home (spec §2): after 400 ms, a bottom sheet (centred
 * from md) in the browser's top layer, so nothing on the page moves when it appears; dismissed,
 * it stays away for the tab.
 */
export default function DownloadPromptBody() {
  const { t } = useTranslation()
  const [shown, setShown] = useState(false)
  // Read in the browser only: the server renders the page's first view without the prompt.
  useEffect(() => {
    if (tabStore.getItem(DISMISSED_KEY) === '1') return
    const timer = setTimeout(() => setShown(true), DOWNLOAD_PROMPT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])
  const dismiss = () => {
    tabStore.setItem(DISMISSED_KEY, '1')
    setShown(false)
  }
  if (!shown) return null
  return (
    <Dialog
      open
      onClose={dismiss}
      title={t('download.title')}
      closeLabel={t('app.close')}
      kind="sheet"
      testId="download-prompt"
    >
      <p className="m-0">{t('download.body')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <a href={APP_DOWNLOAD_PATH} className={downloadLinkClass}>
          {t('download.button')}
        </a>
        <button
          type="button"
          className="min-h-11 cursor-pointer rounded-lg border-none bg-transparent px-3 text-[var(--earn-text)]"
          onClick={dismiss}
        >
          {t('download.dismiss')}
        </button>
      </div>
    </Dialog>
  )
}
