import { describe, expect, it } from 'vitest'
import {
  AUTH_COOKIE_MAX_AGE_SECONDS,
  GUID_COOKIE_BASE,
  authCookieName,
  cookieEnvironment,
  cookieName,
} from '../../contract/cookie-names'

describe('cookie names (spec §4 environments, §9 b_t_c_k rule)', () => {
  it.each([
    ['www.example.com', 'b_t_c_k', 'mainnet'],
    ['m.example.com', 'b_t_c_k', 'mainnet'],
    ['www.example.com.hk', 'b_t_c_k', 'mainnet'],
    ['www.example.co.uk:443', 'b_t_c_k', 'mainnet'],
    ['example.com', 'b_t_c_k', 'mainnet'],
    ['testnet.example.com', 'b_t_c_k_testnet', 'testnet'],
    ['m-testnet.example.com', 'b_t_c_k_testnet', 'testnet'],
    ['cloud.example.com', 'b_t_c_k', 'mainnet'],
    ['learn.testnet.example.com', 'b_t_c_k_testnet', 'testnet'],
    ['pipeline7.example.com', 'b_t_c_k_pipeline7', 'pipeline'],
    ['localhost:8080', 'b_t_c_k_local', 'local'],
    ['app.localhost', 'b_t_c_k_local', 'local'],
    ['127.0.0.1:5173', 'b_t_c_k_local', 'local'],
    ['[::1]:8080', 'b_t_c_k_local', 'local'],
    ['', 'b_t_c_k_local', 'local'],
  ])('%s → %s (%s)', (host, name, kind) => {
    expect(authCookieName(host)).toBe(name)
    expect(cookieEnvironment(host).kind).toBe(kind)
  })

  it('applies the same suffix to other cookie bases', () => {
    expect(cookieName(GUID_COOKIE_BASE, 'www.example.com')).toBe('guid')
    expect(cookieName(GUID_COOKIE_BASE, 'testnet.example.com')).toBe('guid_testnet')
  })

  it('keeps the auth cookie 7 days', () => {
    expect(AUTH_COOKIE_MAX_AGE_SECONDS).toBe(604800)
  })
})
