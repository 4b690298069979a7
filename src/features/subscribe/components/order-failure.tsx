import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../ui/button'
import { depositHref, kycHref } from '../exchange-links'
import type { OrderOutcome } from '../model/order-outcome'
import { TaxationDialog } from './taxation-dialog'

const linkClass =
  'inline-flex min-h-11 flex-1 items-center justify-center rounded-lg bg-[var(--earn-accent)] px-4 font-600 text-[var(--earn-accent-text)] no-underline'

/** A failed order: the plain-words message of its code and the action that fixes it. */
export function OrderFailure({
  outcome,
  onEdit,
  onRetry,
  onClose,
}: {
  outcome: OrderOutcome
  onEdit: () => void
  onRetry: () => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const [taxOpen, setTaxOpen] = useState(outcome.action === 'taxation')
  const action = (() => {
    switch (outcome.action) {
      case 'deposit':
        return (
          <a className={linkClass} href={depositHref()}>
            {t('subscribe.actions.deposit')}
          </a>
        )
      case 'kyc':
        return (
          <a className={linkClass} href={kycHref()}>
            {t('subscribe.actions.kyc')}
          </a>
        )
      case 'lowerAmount':
        return (
          <Button className="flex-1" onClick={onEdit}>
            {t('subscribe.actions.lowerAmount')}
          </Button>
        )
      case 'review':
        return (
          <Button className="flex-1" onClick={onEdit}>
            {t('subscribe.actions.review')}
          </Button>
        )
      case 'retry':
        return (
          <Button className="flex-1" onClick={onRetry}>
            {t('subscribe.actions.retry')}
          </Button>
        )
      case 'taxation':
        return (
          <Button className="flex-1" onClick={() => setTaxOpen(true)}>
            {t('subscribe.actions.taxation')}
          </Button>
        )
      case 'browse':
        return (
          <Button className="flex-1" onClick={onClose}>
            {t('subscribe.actions.browse')}
          </Button>
        )
      case 'tryLater':
        return (
          <Button className="flex-1" onClick={onClose}>
            {t('subscribe.actions.tryLater')}
          </Button>
        )
      default:
        return null
    }
  })()
  return (
    <div className="flex flex-col gap-4" data-testid="order-failure" data-code={outcome.code}>
      <p
        role="alert"
        className="m-0 rounded-xl bg-[var(--earn-negative-soft)] p-4 text-[var(--earn-negative)]"
      >
        {t(outcome.messageKey)}
      </p>
      <div className="flex flex-wrap gap-3">
        {outcome.action !== 'lowerAmount' && outcome.action !== 'review' && (
          <Button variant="secondary" className="flex-1" onClick={onEdit}>
            {t('subscribe.back')}
          </Button>
        )}
        {action}
      </div>
      <TaxationDialog open={taxOpen} onClose={() => setTaxOpen(false)} />
    </div>
  )
}
