import { z } from 'zod'

export const ANALYTICS_BATCH_LIMIT = 50
export const ANALYTICS_PARAMS_MAX_BYTES = 4096

const analyticsEvent = z
  .object({
    name: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and _ . : - only'),
    /** Client time in ms since the epoch. */
    time: z.number().int().positive().max(4_102_444_800_000).optional(),
    params: z
      .record(z.string().max(64), z.unknown())
      .refine(
        (p) => JSON.stringify(p).length <= ANALYTICS_PARAMS_MAX_BYTES,
        `params must be at most ${ANALYTICS_PARAMS_MAX_BYTES} bytes`,
      )
      .optional(),
    /** Spec §3 extra flags. */
    extra: z
      .object({
        isApp: z.boolean(),
        isPhone: z.boolean(),
        isPC: z.boolean(),
        is_login: z.boolean(),
      })
      .partial()
      .strict()
      .optional(),
  })
  .strict()

export const analyticsBatchRequest = z
  .object({ events: z.array(analyticsEvent).min(1).max(ANALYTICS_BATCH_LIMIT) })
  .strict()
export type AnalyticsBatchRequest = z.input<typeof analyticsBatchRequest>
