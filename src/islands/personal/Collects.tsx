import { useState } from 'react';
import { COLLECT_TABS } from '../../lib/member-resources.ts';
import { CollectRows } from './CollectRows.tsx';
import { TypeTabs } from './TypeTabs.tsx';
import type { Kept } from './types.ts';

export function Collects(kept: Kept) {
  const [type, setType] = useState<(typeof COLLECT_TABS)[number]>(COLLECT_TABS[0]);
  return (
    <>
      <TypeTabs
        types={COLLECT_TABS}
        current={type}
        onSelect={setType}
        label={kept.labels.collectTypes}
        typeLabels={kept.typeLabels}
        panelId="collect-items"
      />
      <div role="tabpanel" id="collect-items" aria-labelledby={`collect-items-${type}`}>
        <CollectRows key={type} kept={kept} type={type} />
      </div>
    </>
  );
}
