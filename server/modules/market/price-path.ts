// The deterministic price path: a coin's USD price at any second is a pure function of
// (seed, coin, second), so every server computes the same history without storing it.
// Floats are used only to draw the path; prices leave here as decimal strings.

const TAU = Math.PI * 2
const DAY_S = 86_400

/** Waves from a month down to a minute; amplitudes in log-price (0.1 ≈ ±10 %). */
const WAVES = [
  { period: 30 * DAY_S, amplitude: 0.12 },
  { period: 7 * DAY_S, amplitude: 0.06 },
  { period: DAY_S, amplitude: 0.025 },
  { period: 4 * 3600, amplitude: 0.01 },
  { period: 3600, amplitude: 0.005 },
  { period: 600, amplitude: 0.002 },
  { period: 60, amplitude: 0.0008 },
]
/** Per-second jitter, in log-price. */
const NOISE = 0.0004

/** 32-bit FNV-1a then a murmur finaliser: a cheap, well-mixed deterministic hash. */
export function hash32(text: string, n = 0): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  h ^= n | 0
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

/** A uniform number in [0, 1) from a key and an integer. */
export const unit = (key: string, n = 0) => hash32(key, n) / 0x1_0000_0000

export type CoinPath = {
  name: string
  referencePrice: number
  /** Price decimals for this coin's pairs (from the reference price's magnitude). */
  priceDigits: number
  /** USD traded per day, the level volume oscillates around. */
  dailyUsdVolume: number
  stable: boolean
  phases: number[]
  key: string
}

/** Spec §9: stable coins priced at 1. */
export const STABLE_COINS = ['USDT', 'USDC', 'BUSD', 'DAI']

export function coinPath(seed: string, name: string, referencePrice: number): CoinPath {
  const key = `${seed}/${name}`
  const magnitude = Math.floor(Math.log10(referencePrice))
  return {
    name,
    referencePrice,
    priceDigits: Math.min(10, Math.max(2, 5 - magnitude)),
    // Between 2 M and 2 B USD a day, skewed towards the lower end.
    dailyUsdVolume: 2e6 * Math.pow(1000, unit(key, -1) ** 2),
    stable: STABLE_COINS.includes(name),
    phases: WAVES.map((_, i) => unit(key, 1000 + i) * TAU),
    key,
  }
}

/** USD price at a whole second, as a float (rounded to the coin's digits by the caller). */
export function usdAt(path: CoinPath, second: number): number {
  if (path.stable) return 1
  let log = 0
  for (let i = 0; i < WAVES.length; i++) {
    const w = WAVES[i]!
    log += w.amplitude * Math.sin((TAU * second) / w.period + path.phases[i]!)
  }
  log += (unit(path.key, second) - 0.5) * 2 * NOISE
  return path.referencePrice * Math.exp(log)
}

/** Base volume traded in [from, to) seconds: the integral of a daily-cycling rate (closed form). */
export function volumeBetween(path: CoinPath, from: number, to: number): number {
  if (to <= from) return 0
  const rate = path.dailyUsdVolume / path.referencePrice / DAY_S
  const phase = path.phases[0]!
  const k = TAU / DAY_S
  // ∫ rate·(1 + 0.5·sin(k·s + φ)) ds
  const integral = (s: number) => rate * (s - (0.5 / k) * Math.cos(k * s + phase))
  return integral(to) - integral(from)
}

/** Round to fixed digits and render without exponent. */
export function toFixedString(value: number, digits: number): string {
  return value.toFixed(digits)
}
