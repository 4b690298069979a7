import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

// A stand-in for the Telegram Bot API on 127.0.0.1: records every call and answers like
// Telegram ({ ok, result } or { ok: false, error_code, description, parameters }), following a
// script of refusals the test queues.

export type BotCall = { token: string; method: string; body: any; at: number }
export type ScriptedAnswer = { status: number; retryAfter?: number; description?: string }

export type StandInBotApi = {
  base: string
  calls: BotCall[]
  /** Calls of one method, in order. */
  sent(method?: string): BotCall[]
  /** The next calls (any method) get these answers, one each, before the normal ok. */
  refuseNext(...answers: ScriptedAnswer[]): void
  /** Holds every answer this long (a slow Telegram). */
  delayMs: number
  /** Resolves once `n` calls of `method` arrived (bounded wait). */
  waitFor(n: number, method?: string, timeoutMs?: number): Promise<BotCall[]>
  close(): Promise<void>
}

export async function startStandInBotApi(): Promise<StandInBotApi> {
  const calls: BotCall[] = []
  const script: ScriptedAnswer[] = []
  let messageId = 1
  const state = { delayMs: 0 }
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const m = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '')
      let body: any
      try {
        body = JSON.parse(Buffer.concat(chunks).toString() || 'null')
      } catch {
        body = null
      }
      const answer = (status: number, json: unknown) =>
        setTimeout(() => {
          res.writeHead(status, { 'content-type': 'application/json' })
          res.end(JSON.stringify(json))
        }, state.delayMs)
      if (!m) return answer(404, { ok: false, error_code: 404, description: 'Not Found' })
      calls.push({ token: m[1]!, method: m[2]!, body, at: Date.now() })
      const scripted = script.shift()
      if (scripted)
        return answer(scripted.status, {
          ok: false,
          error_code: scripted.status,
          description: scripted.description ?? `scripted ${scripted.status}`,
          ...(scripted.retryAfter !== undefined
            ? { parameters: { retry_after: scripted.retryAfter } }
            : {}),
        })
      // savePreparedInlineMessage answers a PreparedInlineMessage; everything else a Message.
      if (m[2] === 'savePreparedInlineMessage')
        return answer(200, {
          ok: true,
          result: { id: `prepared-${messageId++}`, expiration_date: Date.now() / 1000 + 86_400 },
        })
      answer(200, { ok: true, result: { message_id: messageId++, chat: { id: body?.chat_id } } })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const sent = (method?: string) => calls.filter((c) => !method || c.method === method)
  return {
    base: `http://127.0.0.1:${port}`,
    calls,
    sent,
    refuseNext: (...answers) => script.push(...answers),
    get delayMs() {
      return state.delayMs
    },
    set delayMs(ms: number) {
      state.delayMs = ms
    },
    async waitFor(n, method = 'sendMessage', timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs
      while (sent(method).length < n) {
        if (Date.now() > deadline)
          throw new Error(`${sent(method).length} of ${n} ${method} calls in ${timeoutMs} ms`)
        await new Promise((r) => setTimeout(r, 20))
      }
      return sent(method)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
