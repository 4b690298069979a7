import { z } from 'zod'
import { RESIDENCE_COUNTRIES } from './residence'

export const declareCountryRequest = z
  .object({
    country_code: z
      .string()
      .refine((c) => RESIDENCE_COUNTRIES.includes(c), 'an ISO 3166-1 alpha-2 country code'),
  })
  .strict()
export type DeclareCountryRequest = z.infer<typeof declareCountryRequest>
export const declareCountryResponse = z.object({ country_code: z.string() })
