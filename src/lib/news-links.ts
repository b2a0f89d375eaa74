import type { NewsItem } from '../content/types.ts';
import type { Lang } from './lang.ts';
import { canonical } from './routes.ts';

/** External news (original 2 or newsDataType wechat, docs/product-rules.md#news) goes to its source link. */
export function isExternalNews(item: Pick<NewsItem, 'original' | 'newsDataType' | 'sourceLink'>): boolean {
  return (item.original === 2 || item.newsDataType === 'wechat') && /^https?:\/\//i.test(item.sourceLink ?? '');
}

export function newsHref(item: Pick<NewsItem, 'id' | 'original' | 'newsDataType' | 'sourceLink'>, lang: Lang): string {
  return isExternalNews(item) ? (item.sourceLink ?? '') : canonical.newsDetails(lang, item.id);
}
