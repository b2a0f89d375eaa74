/** The bulk-citation basket button with its badge (capped at 99); the dialog comes with the basket issue. */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $basketCount, badgeText, openBasket, watchBasketStorage } from './state/basket.ts';
import { reactIsland } from './react-island.ts';

type Props = { label: string; countLabel: string; bottom: number };

function BasketButton({ label, countLabel, bottom }: Props) {
  const count = useStore($basketCount);
  useEffect(() => watchBasketStorage(), []);
  const name = count > 0 ? countLabel.replace('{count}', badgeText(count)) : label;
  return (
    <button type="button" className="tool-button basket-button" style={{ bottom }} aria-label={name} title={name} onClick={openBasket}>
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" focusable="false">
        <path d="M4 6h16M4 12h16M4 18h10" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      {count > 0 && (
        <span className="badge" aria-hidden="true">
          {badgeText(count)}
        </span>
      )}
    </button>
  );
}

export default reactIsland(BasketButton);
