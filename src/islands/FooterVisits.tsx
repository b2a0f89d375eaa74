/**
 * The footer's total and today visits. Server-rendered with the counts of render time (prebuilt
 * pages would keep them frozen); once visible it refreshes them from the API.
 */
import { useEffect, useState } from 'react';
import type { Lang } from '../lib/lang.ts';
import { fetchVisitCounts, type VisitCounts } from './site-visits.ts';
import { reactIsland } from './react-island.ts';

type Props = { lang: Lang; siteId: number; initial: VisitCounts; labels: { total: string; today: string } };

function FooterVisits({ lang, siteId, initial, labels }: Props) {
  const [counts, setCounts] = useState(initial);
  useEffect(() => {
    fetchVisitCounts(siteId).then(setCounts, () => {
      // keep the server-rendered counts
    });
  }, [siteId]);
  const locale = lang === 'en' ? 'en' : 'zh-CN';
  return (
    <p className="footer-visits" data-field="visits">
      <span data-field="total-visits">{labels.total}: {counts.sumVisits.toLocaleString(locale)}</span>
      <span data-field="today-visits">{labels.today}: {counts.todayVisits.toLocaleString(locale)}</span>
    </p>
  );
}

export default reactIsland(FooterVisits);
