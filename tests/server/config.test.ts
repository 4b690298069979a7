import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig } from '../../server/config'

describe('config', () => {
  it('has defaults for npm start', () => {
    const c = parseConfig({ NODE_ENV: 'development' })
    expect(c.PORT).toBe(8080)
    expect(c.DATA_DIR).toBe('./data')
    expect(c.DATABASE_URL).toBeUndefined()
    expect(c.TEST_MODE).toBe(false)
  })

  it('lists every bad variable in one clear message', () => {
    expect(() =>
      parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SESSION_SECRET: 'short' }),
    ).toThrow(ConfigError)
    try {
      parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/)
      expect((err as Error).message).toMatch(/DATABASE_URL: must start with postgres/)
    }
  })

  it('refuses the development secret in production', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/)
  })

  it('is production unless NODE_ENV is explicitly development or test', () => {
    // Unset (a start that forgot it), empty, or anything else: every production refusal.
    for (const env of [{}, { NODE_ENV: '' }, { NODE_ENV: 'staging' }, { NODE_ENV: 'Production' }])
      expect(() => parseConfig(env), JSON.stringify(env)).toThrow(/SESSION_SECRET/)
    for (const NODE_ENV of ['development', 'test'])
      expect(parseConfig({ NODE_ENV }).NODE_ENV).toBe(NODE_ENV)
  })
})
