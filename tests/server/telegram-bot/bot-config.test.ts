import { describe, expect, it } from 'vitest'
import { DEFAULT_TELEGRAM_API_BASE, parseConfig } from '../../../server/config'
import { botLanguage } from '../../../server/telegram/bot-texts'

// The bot's variables in server/config.ts, and how a Telegram language_code picks texts.

const production = {
  NODE_ENV: 'production',
  BOT_TOKEN: '1234:real-token',
  SESSION_SECRET: 'x'.repeat(40),
  BIOMETRY_KEY_SECRET: 'b'.repeat(40),
  PUBLIC_ORIGIN: 'https://earn.example.com',
  MARKET_SEED: 'private-seed',
}

describe('bot configuration', () => {
  it('defaults: the real Bot API, no webhook, a 10 USD yield threshold', () => {
    const c = parseConfig({ NODE_ENV: 'development' })
    expect(c.TELEGRAM_API_BASE).toBe(DEFAULT_TELEGRAM_API_BASE)
    expect(c.BOT_WEBHOOK_SECRET).toBeUndefined()
    expect(c.NOTIFY_YIELD_THRESHOLD_USD).toBe(10)
    expect(
      parseConfig({ NODE_ENV: 'development', TELEGRAM_API_BASE: 'http://127.0.0.1:9/' })
        .TELEGRAM_API_BASE,
    ).toBe('http://127.0.0.1:9')
  })

  it('refuses a webhook secret outside Telegram’s alphabet', () => {
    expect(() => parseConfig({ NODE_ENV: 'development', BOT_WEBHOOK_SECRET: 'has space' })).toThrow(
      /BOT_WEBHOOK_SECRET/,
    )
  })

  it('production: the Bot API over https only, and a webhook secret of 32+ characters', () => {
    expect(parseConfig(production).BOT_WEBHOOK_SECRET).toBeUndefined()
    expect(() => parseConfig({ ...production, TELEGRAM_API_BASE: 'http://bot.internal' })).toThrow(
      /TELEGRAM_API_BASE: the Bot API is reached over https/,
    )
    expect(() => parseConfig({ ...production, BOT_WEBHOOK_SECRET: 'dev-secret' })).toThrow(
      /BOT_WEBHOOK_SECRET: use at least 32/,
    )
    const secret = 'A1_-'.repeat(8)
    expect(parseConfig({ ...production, BOT_WEBHOOK_SECRET: secret }).BOT_WEBHOOK_SECRET).toBe(
      secret,
    )
  })
})

describe('bot language', () => {
  it.each([
    ['ar', 'ar-SA'],
    ['ru', 'ru-RU'],
    ['pt-br', 'pt-PT'],
    ['ar-SA', 'ar-SA'],
    ['en', 'en'],
    ['xx', 'en'],
    [undefined, 'en'],
  ])('%s → %s', (code, lng) => expect(botLanguage(code)).toBe(lng))
})
