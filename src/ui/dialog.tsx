import { useEffect, useId, useRef, type ReactNode } from 'react'

export type DialogProps = {
  open: boolean
  onClose: () => void
  title: ReactNode
  children: ReactNode
  /** Label of the close button (translated by the caller: ui never imports i18n). */
  closeLabel: string
  /**
   * 'sheet': bottom sheet below md, centred panel above; 'side': bottom sheet below md, a panel
   * along the inline end edge above (see ui/sheet.tsx); 'modal': always centred.
   */
  kind?: 'sheet' | 'side' | 'modal'
  testId?: string
}

const BOTTOM = 'mb-0 mt-auto w-full max-w-full rounded-t-2xl'
const PLACEMENT = {
  sheet: `${BOTTOM} md:m-auto md:max-w-[480px] md:rounded-2xl`,
  side: `${BOTTOM} md:my-0 md:me-0 md:ms-auto md:h-full md:max-h-full md:max-w-[440px] md:rounded-none md:rounded-s-2xl`,
  modal: 'm-auto w-[calc(100%-2rem)] max-w-[440px] rounded-2xl',
} as const

/**
 * A native modal <dialog>: the browser traps focus, closes on Escape and makes the page
 * behind inert, so every sheet and modal is accessible the same way.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  closeLabel,
  kind = 'modal',
  testId,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  const placement = PLACEMENT[kind]
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid={testId}
      // React passes close and cancel up the component tree: a dialog opened inside another
      // (the taxation dialog in the subscribe sheet) must not close the outer one too.
      onClose={(e) => {
        if (e.target === e.currentTarget) onClose()
      }}
      onCancel={(e) => {
        if (e.target !== e.currentTarget) return
        e.preventDefault()
        onClose()
      }}
      className={`box-border max-h-[90vh] overflow-y-auto border-none bg-[var(--earn-bg)] p-0 text-[var(--earn-text)] shadow-xl backdrop:bg-black/50 ${placement}`}
    >
      {open && (
        <div className="flex flex-col gap-4 p-5 pb-[calc(1.25rem+var(--earn-safe-bottom,0px))]">
          <div className="flex items-start justify-between gap-3">
            <h2 id={titleId} className="m-0 text-lg font-700">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label={closeLabel}
              className="-me-2 -mt-1 h-10 w-10 shrink-0 cursor-pointer rounded-full border-none bg-transparent text-2xl leading-none text-[var(--earn-hint)]"
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  )
}
