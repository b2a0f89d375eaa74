/**
 * An article's view count. Prebuilt pages carry the count of build time; once the page is idle the
 * island sends the view beacon (the server counts a visitor once per article and day) and shows the
 * count it answers.
 */
import { useEffect, useState } from 'react';
import type { Lang } from '../lib/lang.ts';
import { sendArticleView } from './article-view.ts';
import { reactIsland } from './react-island.ts';

type Props = { lang: Lang; siteId: number; articleId: number; initial: number };

function ArticleViews({ lang, siteId, articleId, initial }: Props) {
  const [views, setViews] = useState(initial);
  useEffect(() => {
    sendArticleView(siteId, articleId).then(setViews, () => {
      // keep the server-rendered count
    });
  }, [siteId, articleId]);
  return <span data-field="views">{views.toLocaleString(lang === 'en' ? 'en' : 'zh-CN')}</span>;
}

export default reactIsland(ArticleViews);
