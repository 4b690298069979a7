import { z } from 'zod'
import { EARN_CALL_NAMES, SPEC_EARN_CALLS } from '../../contract/earn-calls'
import { earnCallSchemas } from '../../contract/earn-calls.schema'
import { API_PREFIX, EARN_PATH } from '../../contract/paths'

// The OpenAPI 3.1 document of the earn calls, generated from the registry and its zod schemas
// (z.toJSONSchema: JSON Schema 2020-12, which OpenAPI 3.1 uses), so the API description is the
// code's. Served at API_PREFIX + OPENAPI_PATH as the envelope's `result` (every answer under the
// prefix is the envelope); tests check it against the mounted routes.

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' })

/** The spec §8 envelope around a call's result. */
const envelopeOf = (result: object) => ({
  type: 'object',
  required: ['ret_code', 'ret_msg', 'result', 'ext_code', 'time_now'],
  properties: {
    ret_code: { type: 'integer', description: '0 on success; contract/ret-codes.ts' },
    ret_msg: { type: 'string' },
    result,
    ext_code: { type: 'string' },
    time_now: { type: 'string', description: 'server time, unix seconds with a fraction' },
  },
})

let cached: object | undefined

export function earnOpenApiDocument(): object {
  if (cached) return cached
  const paths: Record<string, object> = {}
  for (const name of EARN_CALL_NAMES) {
    const { request, response } = earnCallSchemas[name]
    paths[`${EARN_PATH}/${name}`] = {
      post: {
        operationId: name,
        tags: [(SPEC_EARN_CALLS as readonly string[]).includes(name) ? 'spec' : 'ours'],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: jsonSchema(request, 'input') } },
        },
        responses: {
          '200': {
            description: 'the envelope; a business error is a non-zero ret_code with HTTP 200',
            content: {
              'application/json': { schema: envelopeOf(jsonSchema(response, 'output')) },
            },
          },
        },
      },
    }
  }
  cached = {
    openapi: '3.1.0',
    info: { title: 'Earn API: earn calls', version: '1' },
    servers: [{ url: API_PREFIX }],
    paths,
  }
  return cached
}
