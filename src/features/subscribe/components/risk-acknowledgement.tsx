import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProductDetail } from '../../../../contract/earn.schema'
import { ProductAvailability, ProductType } from '../../../../contract/enums'
import { RISK_ACK_PRODUCT_TYPES } from '../../../../contract/settlement'
import { useAcknowledgeRisk, useRiskAcknowledgements } from '../api/risk-acknowledgements'

export type RiskAcknowledgement = {
  /** The product is structured and this user has not acknowledged its type yet. */
  needed: boolean
  checked: boolean
  setChecked: (checked: boolean) => void
  /** Preview must wait: the box is not ticked (or the server's answer is not in yet). */
  blocked: boolean
  /** Records the tick server-side before the order (pay-order answers 10412 without it). */
  confirm: () => Promise<void>
  /** The server did not take the acknowledgement (the user may press Preview again). */
  failed: boolean
}

/**
 * The once-per-type risk acknowledgement of structured products: asked until the server has it,
 * whichever device it was given on. Guests (no server list) are asked too.
 */
export function useRiskAcknowledgement(product: ProductDetail): RiskAcknowledgement {
  const type = product.product_type as ProductType
  const structured = RISK_ACK_PRODUCT_TYPES.includes(type)
  const signedIn = product.availability !== ProductAvailability.NotloggedIn
  const list = useRiskAcknowledgements(structured && signedIn)
  const acknowledge = useAcknowledgeRisk()
  const [checked, setChecked] = useState(false)
  const known = list.data?.product_types.includes(type) ?? false
  const needed = structured && !known
  return {
    needed,
    checked,
    setChecked,
    blocked: structured && signedIn && list.isPending ? true : needed && !checked,
    confirm: async () => {
      if (needed && checked) await acknowledge.mutateAsync(type)
    },
    failed: acknowledge.isError,
  }
}

/** "I understand…": ticked once per structured product type, before the first subscription. */
export function RiskAcknowledgementCheck({
  product,
  ack,
}: {
  product: ProductDetail
  ack: RiskAcknowledgement
}) {
  const { t } = useTranslation()
  if (!ack.needed) return null
  return (
    <>
      <label
        data-testid="risk-acknowledgement"
        className="flex cursor-pointer items-start gap-3 rounded-xl bg-[var(--earn-warn-soft)] p-3 text-sm"
      >
        <input
          type="checkbox"
          checked={ack.checked}
          onChange={(e) => ack.setChecked(e.target.checked)}
          className="mt-0.5 h-5 w-5 shrink-0 accent-[var(--earn-accent)]"
        />
        <span>
          {t(
            product.product_type === ProductType.Dual
              ? 'subscribe.risk.acknowledge'
              : 'subscribe.risk.acknowledgeStructured',
            {
              type: t(`products.types.${product.product_type}`),
              coin: product.offer?.base_coin ?? product.coin,
            },
          )}
        </span>
      </label>
      {ack.failed && (
        <p role="alert" className="m-0 text-sm text-[var(--earn-negative)]">
          {t('subscribe.risk.failed')}
        </p>
      )}
    </>
  )
}
