import { describe, expect, it } from 'vitest'
import { botAmount, botLanguage, botText } from '../../../server/telegram/bot-texts'

// Issue 29: the bot writes in the user's language, numbers included.

describe('bot texts', () => {
  it('picks the locale folder of the Telegram language, else English', () => {
    expect(botLanguage('de')).toBe('de-DE')
    expect(botLanguage('tr')).toBe('tr-TR')
    expect(botLanguage('pt-br')).toBe('pt-PT')
    expect(botLanguage('ja')).toBe('en')
  })

  it('writes amounts the way the language writes numbers, every decimal kept', () => {
    expect(botAmount('en', '1234.5')).toBe('1,234.5')
    expect(botAmount('de-DE', '1234.56789012')).toBe('1.234,56789012')
    expect(botAmount('tr-TR', '1234.5')).toBe('1.234,5')
    expect(botAmount('ru-RU', '1234.5')).toBe('1\u00a0234,5')
    expect(botAmount('ar-SA', '1234.5')).toBe('1,234.5')
    expect(botAmount('de-DE', 'n/a')).toBe('n/a')
  })

  it('fills a message with the amount in the language of the text', () => {
    const vars = { coin: 'USDT', amount: '1234.5' }
    expect(botText('en', 'yieldClaimable', vars)).toBe(
      'You have 1,234.5 USDT of yield ready to claim.',
    )
    expect(botText('de-DE', 'yieldClaimable', vars)).toContain('1.234,5 USDT')
    expect(botText('ru-RU', 'dualSettled', vars)).toContain('1\u00a0234,5 USDT')
  })
})
