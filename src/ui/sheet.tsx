import type { ReactNode } from 'react'
import { Dialog, type DialogProps } from './dialog'

/**
 * A task or detail over the page: a bottom sheet on phones (thumb reach, the page stays in
 * view above), and from 768 px a centred panel (`desktop="center"`, short tasks: confirm,
 * redeem) or a panel along the inline end edge (`desktop="side"`, details people read beside
 * the list: an order). Built on Dialog, so focus trap, Escape and the inert page come with it.
 * `footer` holds the actions, kept in view at the sheet's bottom while the body scrolls.
 */
export function Sheet({
  desktop = 'center',
  footer,
  children,
  ...dialog
}: Omit<DialogProps, 'kind'> & { desktop?: 'center' | 'side'; footer?: ReactNode }) {
  return (
    <Dialog {...dialog} kind={desktop === 'side' ? 'side' : 'sheet'}>
      {children}
      {footer && (
        <div className="sticky bottom-0 flex flex-wrap gap-2 bg-[var(--earn-bg)] pt-2">
          {footer}
        </div>
      )}
    </Dialog>
  )
}
