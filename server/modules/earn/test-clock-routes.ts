import { Hono } from 'hono'
import { z } from 'zod'
import type { AppContext } from '../../app'
import { ManualClock } from '../../clock'
import { envelope, readJson } from '../../http/envelope'
import { ApiError, RetCode } from '../../http/errors'
import { runEarnJobs } from '../../jobs/earn-jobs'

const advanceClockRequest = z
  .object({
    seconds: z
      .number()
      .int()
      .min(0)
      .max(400 * 86_400),
  })
  .strict()

/**
 * TEST_MODE only: moves the server's manual clock forward and runs the earn jobs once, so
 * e2e tests see yield accrue and terms mature without waiting. Absent (404) otherwise.
 */
export function testClockRoutes(deps: AppContext): Hono {
  const { config, clock } = deps
  return new Hono().post('/test/advance-clock', async (c) => {
    if (!config.TEST_MODE || !(clock instanceof ManualClock)) {
      throw new ApiError(RetCode.NotFound, 'no such path or method: POST /test/advance-clock', 404)
    }
    const req = await readJson(c, advanceClockRequest)
    clock.advance(req.seconds * 1000)
    const jobs = await runEarnJobs(deps)
    return c.json(envelope({ now: Math.floor(clock.now().getTime() / 1000), jobs }, clock))
  })
}
