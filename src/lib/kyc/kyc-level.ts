/** KYC applicant levels (spec §3). */
export const KycLevel = { LEVEL_DEFAULT: 0, LEVEL_1: 1, LEVEL_2: 2 } as const
export type KycLevel = (typeof KycLevel)[keyof typeof KycLevel]

const LEVELS: Record<string, KycLevel> = {
  LEVEL_DEFAULT: KycLevel.LEVEL_DEFAULT,
  LEVEL_1: KycLevel.LEVEL_1,
  LEVEL_2: KycLevel.LEVEL_2,
  '0': KycLevel.LEVEL_DEFAULT,
  '1': KycLevel.LEVEL_1,
  '2': KycLevel.LEVEL_2,
}

/** The applicant level as a number; the server may send the name or the number, anything else is 0. */
export function kycLevel(level: unknown): KycLevel {
  if (typeof level !== 'string' && typeof level !== 'number') return KycLevel.LEVEL_DEFAULT
  return LEVELS[String(level)] ?? KycLevel.LEVEL_DEFAULT
}
