import { publicUrl } from '@kaoping/contracts/settings';
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Unset: data/ at the repository root (lib/paths.ts resolveDataDir). */
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL 必须以 postgres:// 或 postgresql:// 开头')
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET 至少 32 个字符').optional(),
  REGISTRATION_CODE: z.string().min(1).optional(),
  /** Sign-in attempts allowed per IP, username and minute. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /**
   * Which reverse proxies may set X-Forwarded-For (the client address that sign-in limits count):
   * unset or `false` trusts none (the socket's address counts); a comma-separated list of addresses or
   * CIDR ranges (`127.0.0.1,10.0.0.0/8`, or `loopback`) names them.
   */
  TRUST_PROXY: z
    .string()
    .regex(
      /^(false|(loopback|linklocal|uniquelocal|[0-9a-fA-F.:/]+)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9a-fA-F.:/]+))*)$/,
      'TRUST_PROXY 应为 false，或代理的地址 / 网段列表（逗号分隔）',
    )
    .optional()
    .transform((v): string | false => (v === undefined || v === 'false' ? false : v.replace(/\s+/g, ''))),
  /** Registrations allowed per IP and minute (guards the registration code against guessing). */
  REGISTER_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Ballots per address per 10 s (a link: twice as many); see plugins/public-guard.ts. */
  PUBLIC_SUBMIT_LIMIT: z.coerce.number().int().min(1).default(300),
  /** Public reads per address per 10 s (a link: twice as many). */
  PUBLIC_READ_LIMIT: z.coerce.number().int().min(1).default(1500),
  /** Requests in progress at once; beyond it 503 with Retry-After. */
  MAX_IN_FLIGHT: z.coerce.number().int().min(1).default(1000),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 30)
    .default(12),
  WEB_DIST: z.string().optional(),
  /** Cover bytes kept in memory per instance (MB), least recently used out first. */
  COVER_CACHE_MB: z.coerce.number().int().min(16).max(4096).default(64),
  /**
   * The address voters reach this server at (e.g. https://kp.example.cn): voting links, QR codes, slips
   * and posters are built from it. The settings screen can override it.
   */
  PUBLIC_URL: publicUrl.optional(),
  /**
   * The key that chains the audit trail and encrypts second-factor secrets (lib/keys.ts): unset, one is
   * generated once into DATA_DIR (audit-key). Several instances on one PostgreSQL must share it.
   */
  AUDIT_KEY: z.string().min(32, 'AUDIT_KEY 至少 32 个字符').optional(),
  /** `sm`: SM3 for the audit chain and report seals, SM4 for stored secrets (国密); otherwise SHA-256 / AES. */
  CRYPTO_SUITE: z.enum(['default', 'sm']).default('default'),
  /** A signed-in session ends after this many minutes without a request. */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** `true`: every account sets up a second factor (TOTP) at its next sign-in. */
  REQUIRE_2FA: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Seconds a request's body (and its headers) may take to arrive; beyond it 408 (issue 28). */
  BODY_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(10),
  /** Where the running server writes snapshots of the embedded database; unset: DATA_DIR/snapshots. */
  SNAPSHOT_DIR: z.string().min(1).optional(),
  /** Minutes between snapshots of the embedded database while the server runs (0: none on a timer). */
  SNAPSHOT_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(5),
  /**
   * `off`: no automatic snapshots of the embedded database (none on the timer, at 结束投票 or at a clean
   * stop), for a machine whose data folder is backed up otherwise; `npm run backup` still works while the
   * server runs, and 会前检查 and 系统设置 show the setting as a failure.
   */
  SNAPSHOTS: z.enum(['on', 'off']).default('on'),
  /** Snapshots kept; older ones are removed. */
  SNAPSHOT_KEEP: z.coerce.number().int().min(1).max(10_000).default(24),
  /** For tests only: seconds between snapshots, instead of SNAPSHOT_MINUTES. */
  SNAPSHOT_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof envSchema>;

/** Reads and checks the environment once at start; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`环境变量配置错误:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
