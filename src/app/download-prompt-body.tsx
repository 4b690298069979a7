import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { APP_DOWNLOAD_PATH, DOWNLOAD_PROMPT_DELAY_MS, downloadLinkClass } from './download-prompt'

const DISMISSED_KEY = 'earn/download-dismissed'

/**
 * The download prompt of a page other than home: after 400 ms, at the end of the page, so
 * nothing on the page moves when it appears and it never covers what the user is pressing; it
 * can be dismissed for the tab.
 */
export function DownloadPromptBody() {
  const { t } = useTranslation()
  const [shown, setShown] = useState(false)
  // Read in the browser only: the server renders the page's first view without the prompt.
  useEffect(() => {
    if (sessionStorage.getItem(DISMISSED_KEY) === '1') return
    const timer = setTimeout(() => setShown(true), DOWNLOAD_PROMPT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])

  if (!shown) return null
  return (
    <aside
      aria-label={t('download.title')}
      data-testid="download-prompt"
      className="mx-4 mb-[calc(1rem+var(--earn-safe-bottom,0px))] flex flex-wrap items-center gap-3 rounded-xl bg-[var(--earn-surface)] p-4"
    >
      <p className="m-0 min-w-0 flex-1">{t('download.body')}</p>
      <a href={APP_DOWNLOAD_PATH} className={downloadLinkClass}>
        {t('download.button')}
      </a>
      <button
        type="button"
        className="min-h-11 cursor-pointer rounded-lg border-none bg-transparent px-3 text-[var(--earn-text)]"
        onClick={() => {
          sessionStorage.setItem(DISMISSED_KEY, '1')
          setShown(false)
        }}
      >
        {t('download.dismiss')}
      </button>
    </aside>
  )
}
