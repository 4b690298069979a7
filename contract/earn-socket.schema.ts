import { z } from 'zod'

// The earn socket's client frames, validated by the server (zod: server only). Paths, channels,
// topics and push payloads: contract/earn-socket.ts.

export const earnSocketClientFrame = z.union([
  z.object({ op: z.literal('ping'), req_id: z.string().max(64).optional() }).strict(),
  z
    .object({
      op: z.enum(['subscribe', 'unsubscribe']),
      args: z.array(z.string().min(1).max(64)).min(1).max(20),
      req_id: z.string().max(64).optional(),
    })
    .strict(),
])
export type EarnSocketClientFrame = z.infer<typeof earnSocketClientFrame>
