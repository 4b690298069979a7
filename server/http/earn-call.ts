import { Hono, type Context } from 'hono'
import type { z } from 'zod'
import { EARN_CALL_NAMES, type EarnCallName, type EarnResponse } from '../../contract/earn-calls'
import { earnCallSchemas } from '../../contract/earn-calls.schema'
import type { Clock } from '../clock'
import { envelopeText, readJson } from './envelope'
import { RetCode } from './errors'

// One helper registers an earn call from the registry (contract/earn-calls.schema.ts): the path
// is its name, the body is read with its request schema, the handler's result is typed by its
// response schema and answered in the envelope. Route files are lists of these.

type Schemas = typeof earnCallSchemas
/** The request as the handler sees it: validated, with the schema's defaults and transforms. */
export type EarnHandlerRequest<N extends EarnCallName> = z.output<Schemas[N]['request']>

export type EarnCallOptions = {
  /** Runs before the body is read (bill export: a logged-out caller gets 10007 first). */
  before?: (c: Context) => Promise<unknown>
  /** The code a malformed body answers (bill export: its own 328). */
  invalidCode?: number
}

export type EarnCallDef = {
  name: EarnCallName
  handle: (c: Context) => Promise<unknown>
}

/** An earn call: POST <EARN_PATH>/<name>, body checked by the registry's schema. */
export function earnCall<N extends EarnCallName>(
  name: N,
  handler: (req: EarnHandlerRequest<N>, c: Context) => Promise<EarnResponse<N>>,
  options: EarnCallOptions = {},
): EarnCallDef {
  const schema = earnCallSchemas[name].request as Schemas[N]['request']
  return {
    name,
    handle: async (c) => {
      await options.before?.(c)
      const req = await readJson(c, schema, options.invalidCode ?? RetCode.InvalidRequest)
      return handler(req as EarnHandlerRequest<N>, c)
    },
  }
}

/** What c.json would say. */
const JSON_TYPE = { 'Content-Type': 'application/json' }

/**
 * The router of a list of earn calls, mounted under EARN_PATH. Every call of the registry must
 * be in the list exactly once: a call added to the registry without a handler fails at start.
 */
export function earnCallRoutes(calls: readonly EarnCallDef[], clock: Clock): Hono {
  const names = calls.map((c) => c.name)
  const missing = EARN_CALL_NAMES.filter((n) => !names.includes(n))
  const twice = names.filter((n, i) => names.indexOf(n) !== i)
  if (missing.length || twice.length) {
    throw new Error(
      `earn calls: missing ${missing.join(', ') || '-'}; twice ${twice.join(', ') || '-'}`,
    )
  }
  const router = new Hono()
  for (const call of calls) {
    router.post(`/${call.name}`, async (c) =>
      c.body(envelopeText(await call.handle(c), clock), 200, JSON_TYPE),
    )
  }
  return router
}
