import { Hono } from 'hono'
import { z } from 'zod'
import type { RealtimeQuote } from '../../../contract/market.schema'
import type { AppContext } from '../../deps'
import { envelope, readJson } from '../../http/envelope'
import type { QuoteHub } from './quote-socket'
import { toRealtime } from './quote-socket'

const quoteBurstRequest = z
  .object({
    /** Quotes in each push (the client's own symbols first, then the market, then fillers). */
    symbols: z.number().int().min(1).max(1000),
    /** Pushes per second. */
    hz: z.number().int().min(1).max(60),
    seconds: z.number().min(0.1).max(120),
  })
  .strict()

/**
 * TEST_MODE only (mounted by app.ts only then): the UI bench's quote source. For `seconds`,
 * `hz` times a second, every subscribed spot quote socket client gets one realtimes push of
 * `symbols` quotes: its own symbols with the close moved a little each push (so every push
 * changes what the page shows), then the other real pairs, then BENCHnnnUSDT fillers up to the
 * count. Answers once the burst is over, with what it sent.
 */
export function quoteBurstRoutes(
  { market, clock }: Pick<AppContext, 'market' | 'clock'>,
  hub: QuoteHub,
): Hono {
  return new Hono().post('/test/quote-burst', async (c) => {
    const req = await readJson(c, quoteBurstRequest)
    const started = Date.now()
    let pushes = 0
    let messages = 0
    for (let k = 0; k < Math.round(req.hz * req.seconds); k++) {
      const due = started + (k * 1000) / req.hz
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()))
      const all = [...(await market.quotes(clock.now())).values()].map(toRealtime)
      const t = clock.now().getTime()
      messages += hub.broadcast((own) => burstQuotes(all, own, req.symbols, k, t))
      pushes++
    }
    return c.json(envelope({ pushes, messages, ms: Date.now() - started }, clock))
  })
}

/** One push's quotes: `count` items, the client's own symbols first, each close moved by push `k`. */
export function burstQuotes(
  all: RealtimeQuote[],
  own: ReadonlySet<string>,
  count: number,
  k: number,
  t: number,
): RealtimeQuote[] {
  const ordered = [...all.filter((q) => own.has(q.s)), ...all.filter((q) => !own.has(q.s))]
  const out: RealtimeQuote[] = []
  for (let i = 0; i < count; i++) {
    const base = ordered[i % ordered.length]!
    const symbol = i < ordered.length ? base.s : `BENCH${String(i).padStart(3, '0')}USDT`
    const decimals = Math.max(2, base.c.split('.')[1]?.length ?? 0)
    const close = (Number(base.c) * (1 + 0.002 * Math.sin(k * 0.9 + i))).toFixed(decimals)
    out.push({ ...base, s: symbol, c: close, t })
  }
  return out
}
