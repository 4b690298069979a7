// Cookie names by environment (spec §4 environment by host name, §9 cookie names).
// Dependency-free: the client's env module and the server both import these functions.
//
// Rule: a cookie's name is its base (default 'b_t_c_k', the auth cookie) on production hosts
// (first label www or m), and base + '_' + environment suffix everywhere else:
//   www.example.com, m.example.com            → mainnet        → b_t_c_k
//   testnet.example.com, m-testnet.example.com → testnet        → b_t_c_k_testnet
//   <name>.example.com (any other first label) → pipeline <name> → b_t_c_k_<name>
//   localhost, *.localhost, IP addresses       → local          → b_t_c_k_local

export const AUTH_COOKIE_BASE = 'b_t_c_k'
/** Spec §7: random id sent as the guid header, kept 120 days. */
export const GUID_COOKIE_BASE = 'guid'
/** Spec §5: per-feature gray-release grants, kept 7 days. */
export const GRAY_RELEASE_COOKIE_BASE = 'gray_release'

export const AUTH_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 3600
export const GUID_COOKIE_MAX_AGE_SECONDS = 120 * 24 * 3600
export const GRAY_RELEASE_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 3600

export type CookieEnvironment =
  | { kind: 'mainnet'; label: 'www' | 'm' }
  | { kind: 'testnet'; label: 'testnet' | 'm-testnet' }
  | { kind: 'pipeline'; label: string }
  | { kind: 'local'; label: 'local' }

/** Subdomains the spec normalises to www (or testnet when under a testnet host), spec §4. */
export const NORMALISED_SUBDOMAINS: readonly string[] = [
  'cloud',
  'announcements',
  'sandbox',
  'blog',
  'newblog',
  'learn',
  'affiliates',
  'institution',
]

const isIpAddress = (host: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':') // IPv4, or IPv6 (has colons)

/** The environment a host name belongs to; accepts a bare host name or host:port. */
export function cookieEnvironment(hostOrHostPort: string): CookieEnvironment {
  let host = hostOrHostPort.trim().toLowerCase()
  if (host.startsWith('[')) return { kind: 'local', label: 'local' } // [::1]:8080
  if (/:\d+$/.test(host) && host.split(':').length === 2) host = host.replace(/:\d+$/, '')
  host = host.replace(/\.$/, '')
  if (host === '' || host === 'localhost' || host.endsWith('.localhost') || isIpAddress(host)) {
    return { kind: 'local', label: 'local' }
  }
  const labels = host.split('.')
  // A two-part apex (example.com) is the production site without its www.
  if (labels.length < 3) return { kind: 'mainnet', label: 'www' }
  let first = labels[0]!
  if (NORMALISED_SUBDOMAINS.includes(first)) {
    first = labels.slice(1).some((l) => l === 'testnet') ? 'testnet' : 'www'
  }
  if (first === 'www' || first === 'm') return { kind: 'mainnet', label: first }
  if (first === 'testnet' || first === 'm-testnet') return { kind: 'testnet', label: first }
  return { kind: 'pipeline', label: first.replace(/[^a-z0-9-]/g, '') || 'pipeline' }
}

/** The suffix appended to cookie bases; '' on production. */
export function cookieSuffix(env: CookieEnvironment): string {
  switch (env.kind) {
    case 'mainnet':
      return ''
    case 'testnet':
      return 'testnet'
    case 'pipeline':
      return env.label
    case 'local':
      return 'local'
  }
}

/** The spec's rule: base on www/m hosts, base + '_' + suffix elsewhere. */
export function cookieName(base: string, hostOrHostPort: string): string {
  const suffix = cookieSuffix(cookieEnvironment(hostOrHostPort))
  return suffix ? `${base}_${suffix}` : base
}

/** The session (auth) cookie for a host: b_t_c_k, b_t_c_k_testnet, b_t_c_k_<name>, b_t_c_k_local. */
export const authCookieName = (hostOrHostPort: string) =>
  cookieName(AUTH_COOKIE_BASE, hostOrHostPort)
