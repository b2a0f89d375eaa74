import { useState } from 'react';
import { ALBUM_TABS } from '../../lib/member-resources.ts';
import { AlbumRows } from './AlbumRows.tsx';
import { TypeTabs } from './TypeTabs.tsx';
import type { Album, Kept } from './types.ts';

/** One album opened: its resources under the album tabs (docs/product-rules.md#albums) (thesis, picture, table, experts). */
export function AlbumItems({
  kept,
  album,
  name,
  onBack,
}: {
  kept: Kept;
  album: Album;
  name: string;
  onBack: () => void;
}) {
  const [type, setType] = useState<(typeof ALBUM_TABS)[number]>(ALBUM_TABS[0]);
  return (
    <section aria-label={`${kept.labels.albumContents}: ${name}`}>
      <h3>{name}</h3>
      <button type="button" onClick={onBack}>
        {kept.labels.backToAlbums}
      </button>
      <TypeTabs
        types={ALBUM_TABS}
        current={type}
        onSelect={setType}
        label={kept.labels.albumContents}
        typeLabels={kept.typeLabels}
        panelId="album-items"
      />
      <div role="tabpanel" id="album-items" aria-labelledby={`album-items-${type}`}>
        <AlbumRows key={type} kept={kept} albumId={album.id} type={type} />
      </div>
    </section>
  );
}
