import { and, eq, isNull } from 'drizzle-orm'
import { DECLARE_COUNTRY_CALL } from '../../../contract/residence'
import type { AppContext } from '../../deps'
import { users } from '../../db/schema'
import { requireUser } from '../../http/auth'
import { earnCall } from '../../http/earn-call'
import { ApiError, RetCode } from '../../http/errors'

/**
 * declare-country: the country of residence of an account that has none (created through
 * Telegram), once. The compliance wall reads it from then on; changing it is support's job
 * (a user could otherwise step out of the wall), so a second declaration answers 10009.
 */
export const residenceCalls = ({ db }: Pick<AppContext, 'db'>) => [
  earnCall(DECLARE_COUNTRY_CALL, async (req, c) => {
    const user = await requireUser(c)
    const set = await db
      .update(users)
      .set({ countryCode: req.country_code })
      .where(and(eq(users.id, user.id), eq(users.countryCode, ''), isNull(users.kycCountryCode)))
      .returning({ countryCode: users.countryCode })
    if (set.length === 0)
      throw new ApiError(
        RetCode.NoPermission,
        'the country of residence is already set: support changes it',
      )
    return { country_code: req.country_code }
  }),
]
