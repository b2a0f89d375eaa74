/**
 * The bulk-citation basket, kept locally in two lists (docs/product-rules.md#basket) (items, ready-made citation strings).
 * This is the seam for the basket dialog: islands read $basket and $basketCount, and add or remove through
 * these actions, which also signal other tabs through the storage event.
 */
import { atom, computed } from 'nanostores';
import { BASKET_BADGE_MAX, STORAGE_KEYS } from '../../lib/constants.ts';

export type BasketItem = { id: number; resName: string; resString: string; sortId: number };

export const $basket = atom<BasketItem[]>([]);
export const $basketCount = computed($basket, (items) => items.length);
/** the dialog's open state */
export const $basketOpen = atom(false);

function isItem(value: unknown): value is BasketItem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['id'] === 'number' &&
    typeof v['resName'] === 'string' &&
    typeof v['resString'] === 'string' &&
    typeof v['sortId'] === 'number'
  );
}

/** Reads the item list from localStorage (bad entries are dropped). */
export function loadBasket(): void {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.basketItems) ?? '[]');
    $basket.set(Array.isArray(raw) ? raw.filter(isItem) : []);
  } catch {
    $basket.set([]);
  }
}

function save(items: BasketItem[]): void {
  $basket.set(items);
  try {
    localStorage.setItem(STORAGE_KEYS.basketItems, JSON.stringify(items));
    localStorage.setItem(STORAGE_KEYS.basketCitations, JSON.stringify(items.map((item) => item.resString)));
  } catch {
    // storage full or disabled: the in-page list still works
  }
}

export function addToBasket(item: Omit<BasketItem, 'sortId'>): void {
  const items = $basket.get();
  if (items.some((existing) => existing.id === item.id)) return;
  save([...items, { ...item, sortId: items.length }]);
}

export function removeFromBasket(ids: readonly number[]): void {
  const drop = new Set(ids);
  save(
    $basket
      .get()
      .filter((item) => !drop.has(item.id))
      .map((item, sortId) => ({ ...item, sortId })),
  );
}

/** Keeps the badge in step with other tabs. */
export function watchBasketStorage(): () => void {
  loadBasket();
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.basketItems) loadBasket();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

export function openBasket(): void {
  $basketOpen.set(true);
}

export function closeBasket(): void {
  $basketOpen.set(false);
}

/** Stores the ready-made citation text of the items the server knows (by id). */
export function setCitations(texts: ReadonlyMap<number, string>): void {
  save($basket.get().map((item) => ({ ...item, resString: texts.get(item.id) ?? item.resString })));
}

/** The badge text: the count, capped at 99 ('99+'). */
export function badgeText(count: number): string {
  return count > BASKET_BADGE_MAX ? `${BASKET_BADGE_MAX}+` : String(count);
}
