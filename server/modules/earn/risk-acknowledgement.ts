import { eq } from 'drizzle-orm'
import type { ProductType } from '../../../contract/enums'
import type { RiskAcknowledgements } from '../../../contract/risk-acknowledgement.schema'
import { RISK_ACK_PRODUCT_TYPES } from '../../../contract/settlement'
import { riskAcknowledgements } from '../../db/schema'
import type { CurrentUser } from '../../http/auth'
import { ApiError, RetCode } from '../../http/errors'
import type { Executor } from './money'
import { guardWrite, type EarnDeps } from './order-checks'

/** The structured product types this user has acknowledged the risk of. */
export async function acknowledgedTypes(db: Executor, userId: number): Promise<ProductType[]> {
  const rows = await db
    .select({ productType: riskAcknowledgements.productType })
    .from(riskAcknowledgements)
    .where(eq(riskAcknowledgements.userId, userId))
  return rows.map((r) => r.productType as ProductType).sort((a, b) => a - b)
}

export const listAcknowledgements = async (
  db: Executor,
  user: CurrentUser,
): Promise<RiskAcknowledgements> => ({ product_types: await acknowledgedTypes(db, user.id) })

/** Records the acknowledgement once (a repeat keeps the first time) and answers the list. */
export async function acknowledgeRisk(
  deps: EarnDeps,
  user: CurrentUser,
  productType: ProductType,
): Promise<RiskAcknowledgements> {
  await guardWrite(deps.db, user)
  await deps.db
    .insert(riskAcknowledgements)
    .values({ userId: user.id, productType, acknowledgedAt: deps.clock.now() })
    .onConflictDoNothing()
  return listAcknowledgements(deps.db, user)
}

/** 10412 when a structured product type is paid before its risk was acknowledged. */
export async function assertRiskAcknowledged(
  db: Executor,
  user: CurrentUser,
  productType: number,
): Promise<void> {
  if (!RISK_ACK_PRODUCT_TYPES.includes(productType as ProductType)) return
  if ((await acknowledgedTypes(db, user.id)).includes(productType as ProductType)) return
  throw new ApiError(
    RetCode.RiskAcknowledgementRequired,
    'product_type: acknowledge the risk of this product type first (acknowledge-risk)',
  )
}
