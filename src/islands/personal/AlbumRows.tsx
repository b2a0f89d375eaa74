import { apiPaths } from '../../lib/api-paths.ts';
import { KeptRows } from './KeptRows.tsx';
import type { Kept, KeptRow } from './types.ts';
import { useLoad } from './use-load.ts';

export function AlbumRows({ kept, albumId, type }: { kept: Kept; albumId: number; type: string }) {
  const { api } = kept;
  const [items, reload] = useLoad(() => api.get<KeptRow[]>(apiPaths.personalAlbumItems, { query: { albumId, type } }));
  return (
    <KeptRows
      rows={items}
      kept={kept}
      action={kept.labels.removeFromAlbum}
      onAction={(row) => api.post(apiPaths.personalAlbumRemove, { albumId, type: row.type, id: row.id }).then(reload)}
    />
  );
}
