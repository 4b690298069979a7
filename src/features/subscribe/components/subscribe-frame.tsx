import { useId, type ReactNode } from 'react'
import { Dialog } from '../../../ui/dialog'

/**
 * Where the subscribe flow sits: a sheet below lg (and inside Telegram), or inline in the
 * product page's right column from lg on the web, with the same test id either way.
 */
export function SubscribeFrame({
  inline,
  title,
  closeLabel,
  onClose,
  children,
}: {
  inline: boolean
  title: string
  closeLabel: string
  onClose: () => void
  children: ReactNode
}) {
  const titleId = useId()
  if (!inline)
    return (
      <Dialog
        open
        kind="sheet"
        onClose={onClose}
        title={title}
        closeLabel={closeLabel}
        testId="subscribe-sheet"
      >
        {children}
      </Dialog>
    )
  return (
    <section
      aria-labelledby={titleId}
      data-testid="subscribe-sheet"
      data-inline="true"
      className="flex flex-col gap-4 rounded-2xl border border-solid border-[var(--earn-border)] bg-[var(--earn-bg)] p-5"
    >
      <h2 id={titleId} className="m-0 text-lg font-700">
        {title}
      </h2>
      {children}
    </section>
  )
}
