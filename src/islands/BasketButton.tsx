/**
 * The bulk-citation basket: the floating button with its badge (capped at 99) and the dialog it
 * opens. It also adds articles: every [data-basket-add] button on the page (issue TOCs, article
 * pages, search results) is plain HTML whose clicks this island handles.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { countText, type Plural } from '../i18n/plural.ts';
import type { Lang } from '../lib/lang.ts';
import { BasketDialog, type BasketLabels } from './BasketDialog.tsx';
import { reactIsland } from './react-island.ts';
import { $basketCount, addToBasket, badgeText, openBasket, watchBasketStorage } from './state/basket.ts';
import { showToast } from './state/toast.ts';

type Props = { siteId: number; lang: Lang; label: string; countLabel: Plural; bottom: number; labels: BasketLabels };

function BasketButton({ siteId, lang, label, countLabel, bottom, labels }: Props) {
  const count = useStore($basketCount);
  useEffect(() => watchBasketStorage(), []);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest<HTMLElement>('[data-basket-add]');
      const id = Number(button?.dataset['id']);
      if (!button || !Number.isSafeInteger(id) || id <= 0) return;
      addToBasket({ id, resName: button.dataset['title'] ?? '', resString: '' });
      showToast(labels.added, 'success');
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [labels.added]);
  const name = count > 0 ? countText(lang, countLabel, count, badgeText(count)) : label;
  return (
    <>
      <button
        type="button"
        className="tool-button basket-button"
        style={{ bottom }}
        aria-label={name}
        title={name}
        aria-haspopup="dialog"
        onClick={openBasket}
      >
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" focusable="false">
          <path d="M4 6h16M4 12h16M4 18h10" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        {count > 0 && (
          <span className="badge" aria-hidden="true">
            {badgeText(count)}
          </span>
        )}
      </button>
      <BasketDialog siteId={siteId} lang={lang} labels={labels} />
    </>
  );
}

export default reactIsland(BasketButton);
