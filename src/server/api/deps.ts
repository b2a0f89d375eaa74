import type { ContentSource } from '../../content/source.ts';
import type { ArticleDetail, Site } from '../../content/types.ts';
import type { ThirdPartyProvider } from '../auth/third-party-config.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SmsSender } from '../mail/sms.ts';
import type { Db } from '../store/db.ts';

export type ApiDeps = {
  db: Db;
  source: ContentSource;
  /** the site the request's Host names; requests naming another siteId are refused (403) */
  siteForHost?: (host: string) => Promise<Site | null>;
  now?: () => Date;
  /** where unexpected errors are reported (never to the client) */
  log?: (message: string, error: unknown) => void;
  /** draws an article's PDF on its first download */
  renderPdf?: (article: ArticleDetail) => Promise<Uint8Array>;
  /** proxies whose X-Forwarded-For names the client (rate limits count per client address) */
  trustedProxies?: readonly string[];
  /** verification codes by mail and SMS; both default to the outbox table. SMS null: no SMS at all (mobile numbers get no codes) */
  mailer?: Mailer;
  sms?: SmsSender | null;
  /** the book-cloud site and the key signing its jump tokens (both optional) */
  book?: { url: string | undefined; secret: string | undefined };
  /** third-party login providers (OAUTH_PROVIDERS); none by default */
  thirdParty?: readonly ThirdPartyProvider[];
};

export type ResolvedDeps = Required<Omit<ApiDeps, 'siteForHost'>> & Pick<ApiDeps, 'siteForHost'>;
