/**
 * A citing article changes the page of every article it cites (their pages list it and count it),
 * on whichever site of this portal those live: the changes of a pass gain an 'updated' change of
 * each cited article, on its own site, before they are mapped to pages.
 */

import { citedArticlesOf } from '../store/article-relations.ts';
import type { ContentChange } from '../store/changes.ts';
import type { Db } from '../store/db.ts';

export async function withCitedArticles(db: Db, changes: readonly ContentChange[]): Promise<ContentChange[]> {
  const changed = changes.filter((change) => change.kind === 'article').flatMap((change) => change.ids);
  const cited = await citedArticlesOf(db, changed);
  return [
    ...changes,
    ...cited.map(
      (article): ContentChange => ({
        siteId: article.siteId,
        kind: 'article',
        action: 'updated',
        ids: [article.articleId],
      }),
    ),
  ];
}
