import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { kycInfoRequest, type KycInfo } from '../../../contract/identity.schema'
import type { AppContext } from '../../deps'
import { requireUser } from '../../http/auth'
import { envelope, readJson } from '../../http/envelope'
import { ApiError, RetCode } from '../../http/errors'
import { telegramProfileFor, toProfile, userById } from './service'

/** Daily withdrawal quota in USD per KYC level (our choice; the spec does not show quotas). */
const KYC_QUOTAS_USD = ['20000', '1000000', '2000000'] as const

export function profileRoutes({ db, clock }: Pick<AppContext, 'db' | 'clock'>): Hono {
  return new Hono()
    .get('/v2/private/user/profile', async (c) => {
      const current = await requireUser(c)
      const user = await userById(db, current.id)
      if (!user) throw new ApiError(RetCode.LoginExpired)
      const telegram = await telegramProfileFor(db, user.id)
      return c.json(envelope(toProfile(user, telegram), clock))
    })
    .post('/v3/private/kyc/kyc-info', async (c) => {
      const flags = await readJson(c, kycInfoRequest)
      const user = await requireUser(c)
      const level = user.kycLevel
      const info: KycInfo = { applicant: { level } }
      if (flags.obtain_state) {
        // The verified country (the declared one until KYC says otherwise).
        info.state = { status: level > 0 ? 'VERIFIED' : 'NONE', country_code: user.countryCode }
      }
      if (flags.obtain_quotas) {
        info.quotas = {
          daily_withdraw_usd: KYC_QUOTAS_USD[level],
          can_buy_earn: !user.tagBlocked && !user.complianceWalled,
        }
      }
      if (flags.obtain_current) {
        info.current = { level, next_level: level < 2 ? ((level + 1) as 1 | 2) : null }
      }
      // An opaque per-user token the KYC provider's widget would take (no provider here).
      // Random each time: derived from the session id it would leak part of the session.
      if (flags.obtain_kyc_token) info.kyc_token = `kyc_${randomBytes(24).toString('base64url')}`
      return c.json(envelope(info, clock))
    })
}
