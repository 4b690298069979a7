import { cookieEnvironment } from '../../../contract/cookie-names'

/** Country suffixes a host name may end with (spec §4). */
export const COUNTRY_SUFFIXES = [
  'hk',
  'uae',
  'us',
  'uk',
  'jp',
  'fr',
  'de',
  'au',
  'ca',
  'br',
  'in',
  'ru',
] as const
/** Host names of three to five labels are recognised (spec §4). */
export const HOST_LABELS = { min: 3, max: 5 } as const

export type EnvironmentKind = 'production' | 'testnet' | 'named' | 'local'

export type Environment = {
  kind: EnvironmentKind
  /** The configuration label: www, m, testnet, m-testnet, the environment name, or local. */
  label: string
  /** The site's domain after the environment labels (example.com, example.com.hk); '' when local. */
  domain: string
  country: (typeof COUNTRY_SUFFIXES)[number] | null
  /** The EU site prices in USDC (spec §7). */
  eu: boolean
}

const LOCAL: Environment = { kind: 'local', label: 'local', domain: '', country: null, eu: false }

/** Host name → environment (spec §4); localhost, IP addresses and unrecognised hosts are local. */
export function environmentFor(hostOrHostPort: string): Environment {
  const cookieEnv = cookieEnvironment(hostOrHostPort)
  if (cookieEnv.kind === 'local') return LOCAL
  const host = hostOrHostPort.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '')
  const labels = host.split('.')
  if (labels.length < HOST_LABELS.min || labels.length > HOST_LABELS.max) return LOCAL
  // A normalised subdomain under testnet (blog.testnet.example.com) carries both labels.
  const rest = labels.slice(labels[1] === 'testnet' ? 2 : 1)
  const last = rest.at(-1)!
  const country = (COUNTRY_SUFFIXES as readonly string[]).includes(last)
    ? (last as Environment['country'])
    : null
  const kind: EnvironmentKind =
    cookieEnv.kind === 'mainnet' ? 'production' : cookieEnv.kind === 'testnet' ? 'testnet' : 'named'
  return { kind, label: cookieEnv.label, domain: rest.join('.'), country, eu: last === 'eu' }
}
