import { z } from 'zod'
import { RISK_ACK_PRODUCT_TYPES } from './settlement'
import { productTypeValue } from './earn.schema'

// The once-per-type risk acknowledgement of structured products (ours, docs/api.md): the user
// ticks "I understand" before the first subscription of a type; pay-order answers 10412
// (RetCode.RiskAcknowledgementRequired) for a type not acknowledged yet.

export const getRiskAcknowledgementsRequest = z.object({}).strict()

export const acknowledgeRiskRequest = z
  .object({
    /** One of the structured product types (contract/settlement.ts RISK_ACK_PRODUCT_TYPES). */
    product_type: productTypeValue.refine((t) => RISK_ACK_PRODUCT_TYPES.includes(t), {
      message: 'not a product type that needs a risk acknowledgement',
    }),
  })
  .strict()

export const riskAcknowledgements = z.object({
  /** The product types this user has acknowledged (acknowledging again changes nothing). */
  product_types: z.array(productTypeValue),
})
export type RiskAcknowledgements = z.infer<typeof riskAcknowledgements>
