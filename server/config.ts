import { z } from 'zod'
import { EARN_TIMEOUT_MS } from '../contract/earn-timeout'
import { FIRST_VIEW_TIMEOUT_MS } from './modules/client-shell/first-view'

// Development defaults: public (they are in this file), so a production start refuses them.
export const DEV_BOT_TOKEN = '123456:DEVELOPMENT-ONLY-BOT-TOKEN'
export const DEV_SESSION_SECRET = 'development-only-session-secret-change-me'
export const DEFAULT_MARKET_SEED = 'earn-market-1'
export const DEV_BIOMETRY_KEY_SECRET = 'development-only-biometry-key-secret-change-me'
export const DEFAULT_TELEGRAM_API_BASE = 'https://api.telegram.org'
/**
 * The NODE_ENV values that allow development secrets, demo data and test switches. They are an
 * explicit choice (npm start's --demo, npm run dev, the tests, the e2e server); anything else,
 * unset or misspelt included, starts with every production refusal.
 */
export const DEVELOPMENT_NODE_ENVS: readonly string[] = ['development', 'test']
/** Analytics batches a minute from one address without a session (a client sends a few). */
export const DEFAULT_ANALYTICS_ANONYMOUS_PER_MINUTE = 30

/** 'https://x/a//' → 'https://x/a' (a loop: a pattern like /\/+$/ rescans each run of '/'). */
function withoutTrailingSlashes(u: string): string {
  let end = u.length
  while (end > 0 && u[end - 1] === '/') end--
  return u.slice(0, end)
}

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .default('0')
  .transform((v) => v === '1' || v === 'true')

const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    /** No default in production (see superRefine): the dev token signs initData for anyone. */
    BOT_TOKEN: z
      .string()
      .regex(/^\d+:[\w-]+$/, 'must look like <bot id>:<secret>')
      .optional(),
    SESSION_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .default(DEV_SESSION_SECRET),
    /** Seals the biometric keys at rest (AES-256-GCM, key derived with HKDF). Keep it stable. */
    BIOMETRY_KEY_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .default(DEV_BIOMETRY_KEY_SECRET),
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
    MARKET_SEED: z.string().min(1).default(DEFAULT_MARKET_SEED),
    /** Test-only endpoints (clock, quote burst) and a manual clock. Never in production. */
    TEST_MODE: flag,
    /** Demo users, balances, vouchers and whitelist (npm start). Never in production. */
    SEED_DEMO: flag,
    /**
     * The origin users reach the server at (https://earn.example.com): absolute URLs
     * (download links) and the sockets' allowed Origin. Unset: same-origin only, relative links.
     */
    PUBLIC_ORIGIN: z
      .url({ protocol: /^https?$/ })
      .transform((u) => new URL(u).origin)
      .optional(),
    /** Earn socket: close connections that sent no frame this long, in ms. */
    EARN_SOCKET_IDLE_MS: z.coerce.number().int().positive().default(60_000),
    /** The served first view: a render later than this, in ms, is served without it. */
    FIRST_VIEW_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(50)
      .max(5_000)
      .default(FIRST_VIEW_TIMEOUT_MS),
    /** realtime_w: how often open connections check their session still exists, in ms. */
    EARN_SOCKET_SESSION_CHECK_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
    /** Both sockets: frames a second per connection (bursts of twice that); more closes 1008. */
    SOCKET_FRAMES_PER_SECOND: z.coerce.number().int().positive().default(20),
    /** Both sockets: open connections per client address. */
    SOCKET_CONNECTIONS_PER_IP: z.coerce.number().int().positive().default(20),
    /**
     * Registrations accepted from all addresses together per 15 minutes (each one costs
     * scrypt work and a row); the per-address limit is 5. Lower it to test the refusal.
     */
    REGISTER_GLOBAL_LIMIT: z.coerce.number().int().positive().default(300),
    /**
     * Analytics batches a minute per address without a session (more answers 429). The e2e run
     * raises it: all its browsers share 127.0.0.1.
     */
    ANALYTICS_ANONYMOUS_PER_MINUTE: z.coerce
      .number()
      .int()
      .positive()
      .default(DEFAULT_ANALYTICS_ANONYMOUS_PER_MINUTE),
    /**
     * pay-order calls that run at once on one server; more wait their turn in arrival order
     * (issue 28: a launch rush answers the first buyers first and keeps other calls fast). 64:
     * orders on one product go in batches of up to 32 (order-batch.ts), and a batch fills with
     * the orders let in while the one before it runs (docs/performance.md, Run AC: 8 gave
     * 479 orders/s, 32 gave 562, 64 gave 658–664, 128 gave 571).
     */
    PAY_ORDER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(64),
    /**
     * A pay-order that waited this long for its turn, in ms, is answered 315 (try again). The
     * default leaves the order itself time to finish within the client's timeout (spec §9), so
     * the buyer hears the answer rather than giving up on an order that then goes through.
     */
    PAY_ORDER_MAX_WAIT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(60_000)
      .default(EARN_TIMEOUT_MS - 2_000),
    /** Bot API origin (a stand-in on 127.0.0.1 in tests); calls go to <base>/bot<token>/<method>. */
    TELEGRAM_API_BASE: z
      .url({ protocol: /^https?$/ })
      .transform(withoutTrailingSlashes)
      .default(DEFAULT_TELEGRAM_API_BASE),
    /**
     * The bot webhook's secret (setWebhook secret_token; Telegram's alphabet, 1-256 chars).
     * Unset: POST /x-api/telegram/webhook is off (404). Production: at least 32 characters.
     */
    BOT_WEBHOOK_SECRET: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,256}$/, 'only A-Z, a-z, 0-9, _ and -, at most 256 characters')
      .optional(),
    /** Bot notifications: claimable yield worth at least this many USD is announced once. */
    NOTIFY_YIELD_THRESHOLD_USD: z.coerce.number().positive().default(10),
    /** Unset is production: a start that forgot the variable must not run on public secrets. */
    NODE_ENV: z.string().default('production'),
  })
  .superRefine((c, ctx) => {
    if (isDevelopmentEnv(c.NODE_ENV)) return
    const refuse = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message })
    if (!c.BOT_TOKEN || c.BOT_TOKEN === DEV_BOT_TOKEN)
      refuse('BOT_TOKEN', 'set the bot token from @BotFather in production')
    if (c.SESSION_SECRET === DEV_SESSION_SECRET)
      refuse('SESSION_SECRET', 'set a real secret in production')
    if (c.BIOMETRY_KEY_SECRET === DEV_BIOMETRY_KEY_SECRET)
      refuse('BIOMETRY_KEY_SECRET', 'set a real secret in production (it seals biometric keys)')
    if (c.TEST_MODE)
      refuse('TEST_MODE', 'test endpoints and the manual clock are off in production')
    if (c.SEED_DEMO) refuse('SEED_DEMO', 'demo accounts are never seeded in production')
    if (!c.PUBLIC_ORIGIN)
      refuse('PUBLIC_ORIGIN', 'set the https origin users reach (download links, socket Origin)')
    if (!c.TELEGRAM_API_BASE.startsWith('https://'))
      refuse('TELEGRAM_API_BASE', 'the Bot API is reached over https in production')
    if (c.BOT_WEBHOOK_SECRET !== undefined && c.BOT_WEBHOOK_SECRET.length < 32)
      refuse('BOT_WEBHOOK_SECRET', 'use at least 32 random characters (or leave the webhook off)')
    if (c.MARKET_SEED === DEFAULT_MARKET_SEED)
      refuse('MARKET_SEED', 'set a private seed: the default one makes prices computable')
  })
  .transform((c) => ({ ...c, BOT_TOKEN: c.BOT_TOKEN ?? DEV_BOT_TOKEN }))

export type AppConfig = z.infer<typeof schema>

/** True only for an explicit development or test start (DEVELOPMENT_NODE_ENVS). */
export const isDevelopmentEnv = (nodeEnv: string | undefined) =>
  nodeEnv !== undefined && DEVELOPMENT_NODE_ENVS.includes(nodeEnv)

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

/**
 * The origin absolute URLs are built on: PUBLIC_ORIGIN, else (development) the address the
 * server listens on. Never the request's Host header, which the client chooses.
 */
export const publicOrigin = (c: Pick<AppConfig, 'PUBLIC_ORIGIN' | 'HOST' | 'PORT'>) =>
  c.PUBLIC_ORIGIN ?? `http://${c.HOST === '0.0.0.0' ? 'localhost' : c.HOST}:${c.PORT}`

/** Configuration for tests: defaults, test mode and demo data on, no static files. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return { ...parseConfig({ NODE_ENV: 'test', TEST_MODE: '1', SEED_DEMO: '1' }), ...overrides }
}
