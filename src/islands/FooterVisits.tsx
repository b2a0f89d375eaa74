/**
 * The site's visit beacon and the footer's total and today visits. On every page, once the page is
 * idle (it never waits for this), the island posts the visit (the server counts a visitor once per
 * site and day) and shows the totals it answers; the server-rendered counts of render time stay
 * until then. With the counts hidden (showVisits off) it still counts and shows nothing.
 */
import { useEffect, useState } from 'react';
import type { Lang } from '../lib/lang.ts';
import { reactIsland } from './react-island.ts';
import { sendSiteVisit, type VisitCounts } from './site-visits.ts';

type Props = {
  lang: Lang;
  siteId: number;
  show: boolean;
  initial: VisitCounts;
  labels: { total: string; today: string };
};

function FooterVisits({ lang, siteId, show, initial, labels }: Props) {
  const [counts, setCounts] = useState(initial);
  useEffect(() => {
    sendSiteVisit(siteId).then(setCounts, () => {
      // keep the server-rendered counts
    });
  }, [siteId]);
  if (!show) return null;
  const locale = lang === 'en' ? 'en' : 'zh-CN';
  return (
    <p className="footer-visits" data-field="visits">
      <span data-field="total-visits">
        {labels.total}: {counts.sumVisits.toLocaleString(locale)}
      </span>
      <span data-field="today-visits">
        {labels.today}: {counts.todayVisits.toLocaleString(locale)}
      </span>
    </p>
  );
}

export default reactIsland(FooterVisits);
