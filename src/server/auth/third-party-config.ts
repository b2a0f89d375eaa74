/**
 * Third-party login providers (OAuth 2.0 authorization code with PKCE, OpenID Connect or plain
 * OAuth 2.0 with a user-info endpoint), configured by the OAUTH_PROVIDERS environment variable: a
 * JSON list, validated here at start. No list, no third-party login.
 */
import { z } from 'zod';
import { PROVIDER_NAME } from '../../lib/constants.ts';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** https, or http to this machine only (a development or test provider) */
const endpoint = z.url().refine((value) => {
  const url = new URL(value);
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
}, 'must be an https:// URL (http:// only for 127.0.0.1 or localhost)');

const providerSchema = z.object({
  /** in URLs and the store: lower-case letters, digits and '-' */
  name: z.string().regex(PROVIDER_NAME, 'name must be 1-32 lower-case letters, digits or -'),
  /** what the login page's button says (a brand name reads the same in both languages) */
  label: z.string().trim().min(1).max(60),
  /** the id token's issuer, for OpenID Connect providers; default: the authorization URL's origin */
  issuer: z.url().optional(),
  authorizationUrl: endpoint,
  tokenUrl: endpoint,
  userinfoUrl: endpoint,
  clientId: z.string().min(1).max(512),
  clientSecret: z.string().min(1).max(2048),
  scope: z.string().trim().min(1).max(512).default('openid'),
  /** the user-info field that identifies the external account: 'sub' in OpenID Connect, e.g. 'id' elsewhere */
  subjectField: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/)
    .default('sub'),
});

export type ThirdPartyProvider = z.output<typeof providerSchema>;

export const thirdPartyProvidersSchema = z
  .string()
  .optional()
  .transform((text, ctx): unknown => {
    if (!text) return [];
    try {
      return JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON list of providers' });
      return z.NEVER;
    }
  })
  .pipe(z.array(providerSchema))
  .refine(
    (providers) => new Set(providers.map((provider) => provider.name)).size === providers.length,
    'provider names must be unique',
  );
