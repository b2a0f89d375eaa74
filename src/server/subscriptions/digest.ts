/**
 * Digests: every new issue and online-first article (queued by the import as subscription
 * events) goes out once, as one mail per confirmed subscriber of its site listing all of that
 * site's news, in the subscriber's language, with an unsubscribe link. The events are claimed
 * before sending, so a second run (or a second process) sends nothing again.
 */
import { issueHref, journalQuery, primaryPublicationId } from '../../content/primary-publication.ts';
import type { ContentSource } from '../../content/source.ts';
import type { Site } from '../../content/types.ts';
import { dictionary, format } from '../../i18n/index.ts';
import { LANGS, type Lang, pick } from '../../lib/lang.ts';
import { canonical } from '../../lib/routes.ts';
import { plainText } from '../../lib/sanitize.ts';
import { publicOrigin } from '../build/public-origin.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Db } from '../store/db.ts';
import { claimSubscriptionEvents, confirmedSubscribers, type SubscriptionEvent } from '../store/subscriptions.ts';
import { unsubscribeLink } from './subscribe.ts';

/** articles of a new issue named in the digest; the issue link leads to the rest */
const ISSUE_ARTICLES_LISTED = 20;

export type DigestDeps = {
  db: Db;
  source: ContentSource;
  mailer: Mailer;
  baseDomain: string;
  now: Date;
  log: (message: string, error: unknown) => void;
};

type Line = { text: string; link: string; articles: string[] };

async function linesOf(
  source: ContentSource,
  site: Site,
  events: SubscriptionEvent[],
  lang: Lang,
  origin: string,
): Promise<string[]> {
  const t = dictionary(lang);
  const primary = await primaryPublicationId(source, site.id);
  const lines: Line[] = [];
  for (const event of events) {
    if (event.kind === 'issue') {
      const toc = await source.getIssueToc(site.id, event.refId, 0, ISSUE_ARTICLES_LISTED);
      if (!toc) continue;
      const { period, publication } = toc;
      lines.push({
        text: format(t.subscribe.digestIssue, {
          journal: plainText(pick(lang, publication.name, publication.enName)),
          issue: format(t.pages.issueTitle, { year: period.year, volume: period.volume, issue: period.issue }),
        }),
        link: `${origin}${issueHref(lang, period.year, period.issue, journalQuery(publication.id, primary))}`,
        articles: toc.columns
          .flatMap((column) => column.articles)
          .map((article) => plainText(pick(lang, article.title, article.enTitle))),
      });
    } else {
      const article = await source.getArticle(site.id, event.refId);
      if (!article) continue;
      lines.push({
        text: format(t.subscribe.digestOnline, { title: plainText(pick(lang, article.title, article.enTitle)) }),
        link: `${origin}${canonical.article(lang, article.id)}`,
        articles: [],
      });
    }
  }
  return lines.map((line) =>
    [`• ${line.text}`, `  ${line.link}`, ...line.articles.map((title) => `    - ${title}`)].join('\n'),
  );
}

/** Sends the queued digests; answers how many mails went out. */
export async function sendDigests(deps: DigestDeps): Promise<number> {
  const events = await claimSubscriptionEvents(deps.db, deps.now.toISOString());
  const bySite = Map.groupBy(events, (event) => event.siteId);
  let sent = 0;
  for (const [siteId, siteEvents] of bySite) {
    const site = await deps.source.findSiteById(siteId);
    if (site?.status !== 'active') continue;
    const subscribers = await confirmedSubscribers(deps.db, siteId);
    if (subscribers.length === 0) continue;
    const origin = publicOrigin(site, deps.baseDomain);
    const bodies = new Map<Lang, string[]>();
    for (const lang of LANGS) {
      if (subscribers.some((subscriber) => subscriber.lang === lang))
        bodies.set(lang, await linesOf(deps.source, site, siteEvents, lang, origin));
    }
    for (const subscriber of subscribers) {
      const lines = bodies.get(subscriber.lang) ?? [];
      if (lines.length === 0) continue;
      const t = dictionary(subscriber.lang).subscribe;
      const name = pick(subscriber.lang, site.name, site.enName);
      const text = [
        format(t.digestIntro, { site: name }),
        '',
        ...lines,
        '',
        format(t.digestFooter, {
          site: name,
          unsubscribe: unsubscribeLink(origin, subscriber.lang, subscriber.unsubscribeToken),
        }),
      ].join('\n');
      try {
        await deps.mailer.send({ to: subscriber.email, subject: format(t.digestSubject, { site: name }), text });
        sent += 1;
      } catch (error) {
        deps.log(`digest to subscriber ${subscriber.id} of site ${siteId} failed`, error);
      }
    }
  }
  return sent;
}
