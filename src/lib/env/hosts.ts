import type { Environment } from './environment'

export type PageOrigin = { protocol: string; host: string }

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

export const chatOrigin = (env: Environment, page: PageOrigin) =>
  `${page.protocol}//${serviceHost(env, 'chat', page)}`

export const affiliatesOrigin = (env: Environment, page: PageOrigin) =>
  `${page.protocol}//${serviceHost(env, 'affiliates', page)}`

/** Translation management host (spec §7; the i18n prefix is ours). */
export const translationOrigin = (env: Environment, page: PageOrigin) =>
  `${page.protocol}//${serviceHost(env, 'i18n', page)}`

export type TranslationFile = { project: string; namespace: string; language: string }

/**
 * Where a translation file is read: production downloads project/namespace/language;
 * elsewhere translations/project/language/namespace.json (spec §7).
 */
export function translationSource(env: Environment, page: PageOrigin, f: TranslationFile): string {
  const origin = translationOrigin(env, page)
  return env.kind === 'production'
    ? `${origin}/download/${f.project}/${f.namespace}/${f.language}`
    : `${origin}/translations/${f.project}/${f.language}/${f.namespace}.json`
}
