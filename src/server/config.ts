/**
 * Server configuration from the environment, validated once at start-up (docs/configuration.md).
 */
import { z } from 'zod';
import { sitesConfig } from '../../sites.config.ts';
import { type ThirdPartyProvider, thirdPartyProvidersSchema } from './auth/third-party-config.ts';
import { RENDER_LEASE_MS } from './build/site-leases.ts';
import { type SmsConfig, smsConfigOf, smsEnvProblems, smsEnvSchema } from './mail/sms-config.ts';

const list = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(4321),
    HOST: z.string().min(1).default('127.0.0.1'),
    BASE_DOMAIN: z
      .string()
      .regex(/^[a-z0-9.-]+$/i, 'BASE_DOMAIN must be a bare host name such as journals.example.org')
      .default(sitesConfig.baseDomain)
      .transform((value) => value.toLowerCase()),
    DATABASE_PATH: z.string().min(1).default('./data/portal.db'),
    RC_PUB_ORIGIN: z.url().optional(),
    REBUILD_TOKEN: z.string().min(8, 'REBUILD_TOKEN must be at least 8 characters').optional(),
    TRUSTED_PROXIES: list,
    ASTRO_OUT_DIR: z.string().min(1).default('./dist'),
    SITES_DIR: z.string().min(1).optional(),
    SITES: list,
    WORKERS: z.coerce.number().int().min(1).max(64).default(1),
    BUILDER: z.enum(['on', 'off'], "BUILDER must be 'on' or 'off'").default('on'),
    RENDER_LEASE_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(600)
      .default(RENDER_LEASE_MS / 1000),
    SMTP_URL: z
      .url()
      .refine((value) => /^smtps?:\/\//.test(value), 'SMTP_URL must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.email('MAIL_FROM must be an e-mail address').optional(),
    // Behind nginx (keepalive_timeout 75 s to clients, upstream keepalive reused for 60 s): the
    // upstream side must outlive nginx's idle upstream connections, and a client still sending its
    // headers after 10 s is not a browser.
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
    KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(65_000),
    RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
    RENDER_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
    API_BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(64 * 1024 * 1024)
      .default(64 * 1024),
    BOOK_CLOUD_URL: z.url().optional(),
    BOOK_JUMP_SECRET: z.string().min(32, 'BOOK_JUMP_SECRET must be at least 32 characters').optional(),
    PREVIEW_SECRET: z.string().min(32, 'PREVIEW_SECRET must be at least 32 characters').optional(),
    PUBLISH_CHECK_SECONDS: z.coerce.number().int().min(1).max(60).default(30),
    OAUTH_PROVIDERS: thirdPartyProvidersSchema,
  })
  .extend(smsEnvSchema.shape)
  .superRefine((env, ctx) => {
    for (const message of smsEnvProblems(env)) ctx.addIssue({ code: 'custom', path: ['SMS_PROVIDER'], message });
  });

export type PortalConfig = {
  port: number;
  host: string;
  baseDomain: string;
  databasePath: string;
  rcPubOrigin: string | undefined;
  /** the external book site of the book-cloud entry, and the key that signs its jump tokens */
  bookCloudUrl: string | undefined;
  bookJumpSecret: string | undefined;
  /** signs preview links of drafts and scheduled articles (src/server/preview-link.ts); unset: no previews */
  previewSecret: string | undefined;
  /** how often the publish job looks for content whose publish time has come (src/server/publish-job.ts) */
  publishCheckMs: number;
  /** third-party login providers (OAUTH_PROVIDERS); empty: no third-party login */
  thirdPartyProviders: ThirdPartyProvider[];
  /** bearer token of the admin API; the admin API is off when unset */
  rebuildToken: string | undefined;
  /** peer addresses whose X-Forwarded-Host is believed */
  trustedProxies: string[];
  astroOutDir: string;
  sitesDir: string;
  /** slds to prebuild; empty means every active site */
  sites: string[];
  /** HTTP processes: 1 serves in-process; more fork workers that share the port (node:cluster) */
  workers: number;
  /**
   * false (BUILDER=off): a second server on the same database and SITES_DIR that renders nothing
   * into it, follows no change log and runs no publish job; the server with the builder does
   */
  builder: boolean;
  /**
   * how long a site's render lease lasts unrenewed: servers with the builder on render a site one
   * at a time, and a killed one's sites pass to another this long after (src/server/build/site-leases.ts)
   */
  renderLeaseMs: number;
  /** mail goes through this SMTP server; unset: into the outbox table (`npm run outbox`) */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** node:http server time limits (ms): headers, the whole request, an idle keep-alive socket */
  timeouts: { headersMs: number; requestMs: number; keepAliveMs: number };
  /** on-demand renders at once per process, and how many may wait before 503 */
  render: { concurrency: number; queue: number };
  /** largest request body the API reads (bytes); pages read none */
  apiBodyLimit: number;
  /** the SMS sender (SMS_PROVIDER); 'none' in production without one: no codes by SMS */
  sms: SmsConfig;
};

/** Reads and validates the environment; throws with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): PortalConfig {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(blankless);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    baseDomain: e.BASE_DOMAIN,
    databasePath: e.DATABASE_PATH,
    rcPubOrigin: e.RC_PUB_ORIGIN,
    bookCloudUrl: e.BOOK_CLOUD_URL,
    bookJumpSecret: e.BOOK_JUMP_SECRET,
    thirdPartyProviders: e.OAUTH_PROVIDERS,
    previewSecret: e.PREVIEW_SECRET,
    publishCheckMs: e.PUBLISH_CHECK_SECONDS * 1000,
    rebuildToken: e.REBUILD_TOKEN,
    trustedProxies: e.TRUSTED_PROXIES,
    astroOutDir: e.ASTRO_OUT_DIR,
    sitesDir: e.SITES_DIR ?? `${e.ASTRO_OUT_DIR.replace(/\/+$/, '')}/sites`,
    sites: e.SITES.length > 0 ? e.SITES : sitesConfig.sites,
    workers: e.WORKERS,
    builder: e.BUILDER === 'on',
    renderLeaseMs: e.RENDER_LEASE_SECONDS * 1000,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `noreply@${e.BASE_DOMAIN}`,
    timeouts: {
      headersMs: e.HEADERS_TIMEOUT_MS,
      requestMs: Math.max(e.REQUEST_TIMEOUT_MS, e.HEADERS_TIMEOUT_MS),
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
    },
    render: { concurrency: e.RENDER_CONCURRENCY, queue: e.RENDER_QUEUE },
    apiBodyLimit: e.API_BODY_LIMIT_BYTES,
    sms: smsConfigOf(e),
  };
}
