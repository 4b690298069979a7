import { describe, expect, it } from 'vitest'
import { OrderRetCode } from '../../contract/order-ret-codes'
import { ORDER_ARRIVALS_A_TURN, OrderGate } from '../../server/modules/earn/order-gate'
import { OrderError } from '../../server/modules/earn/order-errors'

// pay-order's turns (issue 28): a few at once, in arrival order; a wait past the deadline is
// answered 315, and an order that started is never answered 315 by the gate.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
/** Until the event loop's next check phase has run (the gate's turns are setImmediate's). */
const nextTurn = () => new Promise((r) => setImmediate(r))

/** A piece of work that records when it starts and runs until released. */
function held(log: string[], name: string) {
  let release!: () => void
  const done = new Promise<void>((r) => (release = r))
  const work = async () => {
    log.push(`start ${name}`)
    await done
    log.push(`end ${name}`)
    return name
  }
  return { work, release }
}

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: unknown) => (err instanceof OrderError ? err.code : String(err)),
  )

describe('OrderGate', () => {
  it('runs at most `concurrency` at once, in arrival order', async () => {
    const gate = new OrderGate({ concurrency: 2, maxWaitMs: 10_000 })
    const log: string[] = []
    const jobs = ['a', 'b', 'c', 'd'].map((n) => held(log, n))
    const answers = jobs.map((j) => gate.run(j.work))
    await sleep(10)
    expect(log).toEqual(['start a', 'start b'])
    expect(gate.waiting).toBe(2)
    jobs[1]!.release()
    await sleep(10)
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c'])
    jobs[0]!.release()
    jobs[2]!.release()
    jobs[3]!.release()
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd'])
  })

  it('a call that waits past maxWaitMs is answered 315 and its work never runs', async () => {
    const gate = new OrderGate({ concurrency: 1, maxWaitMs: 50 })
    const log: string[] = []
    const first = held(log, 'first')
    const running = gate.run(first.work)
    const waiting = codeOf(gate.run(async () => log.push('late ran')))
    expect(await waiting).toBe(OrderRetCode.RateLimit)
    expect(gate.waiting).toBe(0)
    first.release()
    expect(await running).toBe('first')
    await sleep(20)
    expect(log).toEqual(['start first', 'end first'])
  })

  it('a call that started is answered by its work, however long it runs', async () => {
    const gate = new OrderGate({ concurrency: 1, maxWaitMs: 30 })
    const log: string[] = []
    const slow = held(log, 'slow')
    const answer = codeOf(gate.run(slow.work))
    await sleep(100)
    slow.release()
    expect(await answer).toBe('ok')
  })

  it('a full queue answers 315 at once', async () => {
    const gate = new OrderGate({ concurrency: 1, maxWaitMs: 10_000, maxQueued: 1 })
    const log: string[] = []
    const first = held(log, 'first')
    const second = held(log, 'second')
    const a = gate.run(first.work)
    const b = gate.run(second.work)
    expect(await codeOf(gate.run(async () => 'third'))).toBe(OrderRetCode.RateLimit)
    first.release()
    second.release()
    expect(await Promise.all([a, b])).toEqual(['first', 'second'])
  })

  it(`lets ${ORDER_ARRIVALS_A_TURN} orders begin a turn of the event loop, the rest that many a turn after, in arrival order`, async () => {
    const gate = new OrderGate({ concurrency: 1, maxWaitMs: 10_000 })
    const begun: number[] = []
    const count = 2 * ORDER_ARRIVALS_A_TURN + 3
    const arrivals = Array.from({ length: count }, (_, i) =>
      gate.arrive({}).then(() => begun.push(i)),
    )
    const upTo = (n: number) => Array.from({ length: n }, (_, i) => i)
    await Promise.resolve()
    expect(begun).toEqual(upTo(ORDER_ARRIVALS_A_TURN))
    expect(gate.arriving).toBe(ORDER_ARRIVALS_A_TURN + 3)
    await nextTurn()
    expect(begun).toEqual(upTo(2 * ORDER_ARRIVALS_A_TURN))
    await nextTurn()
    expect(begun).toEqual(upTo(count))
    expect(gate.arriving).toBe(0)
    await Promise.all(arrivals)
    // A later turn begins its first arrivals at once again.
    await nextTurn()
    await gate.arrive({})
    expect(gate.arriving).toBe(0)
  })

  it('with maxQueued waiting to begin, lets the next one through at once to be answered 315', async () => {
    const gate = new OrderGate({ concurrency: 1, maxWaitMs: 10_000, maxQueued: 2 })
    const first = Array.from({ length: ORDER_ARRIVALS_A_TURN + 2 }, () => ({}))
    const begun = first.map((a) => gate.arrive(a))
    expect(gate.arriving).toBe(2)
    const refused = {}
    await gate.arrive(refused)
    expect(() => gate.assertAdmitted(refused)).toThrow(OrderError)
    expect(await codeOf(Promise.resolve().then(() => gate.assertAdmitted(refused)))).toBe(
      OrderRetCode.RateLimit,
    )
    await Promise.all(begun)
    for (const a of first) expect(() => gate.assertAdmitted(a)).not.toThrow()
    expect(gate.arriving).toBe(0)
  })
})
