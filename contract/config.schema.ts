import { z } from 'zod'

export const configWebRequest = z
  .object({
    project_name: z.string().min(1).max(64),
    keys: z.array(z.string().min(1).max(128)).min(1).max(100),
    properties: z
      .object({
        device: z.object({ language: z.string().min(2).max(16) }).passthrough(),
      })
      .passthrough()
      .optional(),
  })
  .strict()
export type ConfigWebRequest = z.input<typeof configWebRequest>

/** POST /v3/config/web result: only the requested keys that exist. */
export type ConfigWebResult = { data: { name: string; value: string }[] }
