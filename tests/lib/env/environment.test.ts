import { describe, expect, it } from 'vitest'
import {
  NORMALISED_SUBDOMAINS,
  authCookieName,
  cookieEnvironment,
} from '../../../contract/cookie-names'
import { grayReleaseCookieName, guidCookieName } from '../../../src/lib/env/env-cookies'
import { environmentFor } from '../../../src/lib/env/environment'
import { quoteSocketOrigin, webSocketOrigin } from '../../../src/lib/env/hosts'

describe('environment by host name (spec §4)', () => {
  it.each([
    ['www.example.com', 'production', 'www', 'example.com', null],
    ['m.example.com', 'production', 'm', 'example.com', null],
    ['testnet.example.com', 'testnet', 'testnet', 'example.com', null],
    ['m-testnet.example.com', 'testnet', 'm-testnet', 'example.com', null],
    ['env7.example.com', 'named', 'env7', 'example.com', null],
    ['www.example.com.hk', 'production', 'www', 'example.com.hk', 'hk'],
    ['www.example.uae', 'production', 'www', 'example.uae', 'uae'],
    ['m.shop.example.co.uk', 'production', 'm', 'shop.example.co.uk', 'uk'],
    ['blog.example.com', 'production', 'www', 'example.com', null],
    ['learn.testnet.example.com', 'testnet', 'testnet', 'example.com', null],
    ['institution.example.com.br', 'production', 'www', 'example.com.br', 'br'],
    ['www.example.com:8443', 'production', 'www', 'example.com', null],
  ])('%s → %s %s on %s (country %s)', (host, kind, label, domain, country) => {
    expect(environmentFor(host)).toMatchObject({ kind, label, domain, country })
  })

  it.each([
    'localhost',
    'localhost:5173',
    '127.0.0.1:8080',
    '10.0.0.7',
    '[::1]:8080',
    'a.b.c.d.e.f',
  ])('%s is local: every host is the page origin', (host) => {
    expect(environmentFor(host).kind).toBe('local')
  })

  it('normalises every listed subdomain to www, or to testnet under a testnet host', () => {
    for (const sub of NORMALISED_SUBDOMAINS) {
      expect(environmentFor(`${sub}.example.com`), sub).toMatchObject({
        kind: 'production',
        label: 'www',
        domain: 'example.com',
      })
      expect(environmentFor(`${sub}.testnet.example.com`), sub).toMatchObject({
        kind: 'testnet',
        label: 'testnet',
        domain: 'example.com',
      })
    }
    // Any other first label is a named environment, not www.
    expect(environmentFor('docs.example.com')).toMatchObject({ kind: 'named', label: 'docs' })
  })

  it('recognises every country suffix and the EU domain', () => {
    for (const c of ['hk', 'uae', 'us', 'uk', 'jp', 'fr', 'de', 'au', 'ca', 'br', 'in', 'ru']) {
      expect(environmentFor(`www.example.${c}`).country).toBe(c)
    }
    expect(environmentFor('www.example.eu')).toMatchObject({ eu: true, country: null })
    expect(environmentFor('www.example.com').eu).toBe(false)
  })
})

describe('derived hosts (spec §7)', () => {
  const https = (host: string) => ({ protocol: 'https:', host })
  const http = (host: string) => ({ protocol: 'http:', host })

  it.each([
    ['www.example.com', 'wss://ws2.example.com'],
    ['testnet.example.com', 'wss://ws2.testnet.example.com'],
    ['env7.example.com', 'wss://ws2-env7.example.com'],
    ['m-testnet.example.com', 'wss://ws2.testnet.example.com'],
    ['blog.example.com', 'wss://ws2.example.com'],
    ['learn.testnet.example.com.hk', 'wss://ws2.testnet.example.com.hk'],
    ['env7.example.com.br', 'wss://ws2-env7.example.com.br'],
  ])('%s: ws %s', (host, ws) => {
    expect(webSocketOrigin(environmentFor(host), https(host))).toBe(ws)
  })

  it('uses ws on http pages and the page host when local', () => {
    const env = environmentFor('localhost:8080')
    expect(webSocketOrigin(env, http('localhost:8080'))).toBe('ws://localhost:8080')
    expect(quoteSocketOrigin(https('www.example.com'))).toBe('wss://www.example.com')
  })
})

describe('cookie names (spec §9)', () => {
  it.each([
    ['www.example.com', 'b_t_c_k', 'mainnet'],
    ['m.example.com', 'b_t_c_k', 'mainnet'],
    ['testnet.example.com', 'b_t_c_k_testnet', 'testnet'],
    ['env7.example.com', 'b_t_c_k_env7', 'pipeline'],
    ['localhost:8080', 'b_t_c_k_local', 'local'],
  ])('%s → %s (%s)', (host, name, env) => {
    expect(authCookieName(host)).toBe(name)
    expect(cookieEnvironment(host).kind).toBe(env)
  })

  it('the guid and gray-release cookies follow the same rule', () => {
    expect(guidCookieName('www.example.com')).toBe('guid')
    expect(guidCookieName('testnet.example.com')).toBe('guid_testnet')
    expect(guidCookieName('m-testnet.example.com')).toBe('guid_testnet')
    expect(guidCookieName('env7.example.com')).toBe('guid_env7')
    expect(guidCookieName('blog.example.com')).toBe('guid')
    expect(grayReleaseCookieName('www.example.com', 'launchpool_show')).toBe(
      'gray_release_launchpool_show',
    )
  })
})
