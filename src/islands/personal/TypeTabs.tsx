import type { TypeLabels } from './types.ts';

/** Tabs by resource type (docs/product-rules.md#personal-centre), above the panel `panelId`. */
export function TypeTabs<T extends keyof TypeLabels>({
  types,
  current,
  onSelect,
  label,
  typeLabels,
  panelId,
}: {
  types: readonly T[];
  current: T;
  onSelect: (type: T) => void;
  label: string;
  typeLabels: TypeLabels;
  panelId: string;
}) {
  return (
    <div role="tablist" aria-label={label} className="type-tabs">
      {types.map((type) => (
        <button
          key={type}
          type="button"
          role="tab"
          id={`${panelId}-${type}`}
          aria-selected={type === current}
          aria-controls={panelId}
          onClick={() => onSelect(type)}
        >
          {typeLabels[type]}
        </button>
      ))}
    </div>
  );
}
