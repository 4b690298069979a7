import { z } from 'zod'

const DEV_BOT_TOKEN = '123456:DEVELOPMENT-ONLY-BOT-TOKEN'
const DEV_SESSION_SECRET = 'development-only-session-secret-change-me'

const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    BOT_TOKEN: z
      .string()
      .regex(/^\d+:[\w-]+$/, 'must look like <bot id>:<secret>')
      .default(DEV_BOT_TOKEN),
    SESSION_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .default(DEV_SESSION_SECRET),
    STATIC_DIR: z.string().min(1).default('./dist'),
    /** Oldest Telegram initData auth_date accepted, in seconds (default 24 h). */
    TELEGRAM_AUTH_MAX_AGE_SECONDS: z.coerce.number().int().positive().default(86_400),
    /** Spot quote socket: close connections idle (no frames) this long, in ms. */
    QUOTE_SOCKET_IDLE_MS: z.coerce.number().int().positive().default(30_000),
    /** SIGTERM: how long requests in flight may take to finish before they are cut, in ms. */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    /**
     * Proxies in front of the server that append to X-Forwarded-For (a load balancer: 1). The
     * client address is read that many entries from the right; 0 (default) trusts no header
     * and uses the socket's peer, so a client cannot pick its own address.
     */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /** Seed of the deterministic price simulator: same seed, same prices on every server. */
    MARKET_SEED: z.string().min(1).default('earn-market-1'),
    TEST_MODE: z
      .enum(['0', '1', 'true', 'false'])
      .default('0')
      .transform((v) => v === '1' || v === 'true'),
    NODE_ENV: z.string().default('development'),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && c.SESSION_SECRET === DEV_SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'set a real secret in production',
      })
    }
  })

export type AppConfig = z.infer<typeof schema>

/** Parses the environment; throws a ConfigError listing every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  // An empty variable means unset (e.g. DATABASE_URL= in a shell).
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  )
  const parsed = schema.safeParse(present)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return parsed.data
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Configuration for tests: defaults, test mode on, no static files. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return { ...parseConfig({ TEST_MODE: '1' }), ...overrides }
}
