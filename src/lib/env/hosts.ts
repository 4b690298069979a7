import type { Environment } from './environment'

export type PageOrigin = { protocol: string; host: string }

// Chat, affiliates and translation hosts (spec §7) have no screen here: docs/decisions.md.

/** A service host by environment: prefix.domain, prefix.testnet.domain, prefix-name.domain. */
function serviceHost(env: Environment, prefix: string, page: PageOrigin): string {
  switch (env.kind) {
    case 'production':
      return `${prefix}.${env.domain}`
    case 'testnet':
      return `${prefix}.testnet.${env.domain}`
    case 'named':
      return `${prefix}-${env.label}.${env.domain}`
    case 'local':
      return page.host
  }
}

const secure = (page: PageOrigin) => page.protocol === 'https:'

/** Web-socket origin: ws2 prefix, wss when the page is https (spec §7). */
export const webSocketOrigin = (env: Environment, page: PageOrigin) =>
  `${secure(page) ? 'wss' : 'ws'}://${serviceHost(env, 'ws2', page)}`

/** The spot quote socket lives on the page's own origin (the server proxies it). */
export const quoteSocketOrigin = (page: PageOrigin) =>
  `${secure(page) ? 'wss' : 'ws'}://${page.host}`
