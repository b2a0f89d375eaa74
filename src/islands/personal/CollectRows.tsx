import { apiPaths } from '../../lib/api-paths.ts';
import { KeptRows } from './KeptRows.tsx';
import type { Kept, Paged, Titled } from './types.ts';
import { useLoad } from './use-load.ts';

export function CollectRows({ kept, type }: { kept: Kept; type: string }) {
  const { api } = kept;
  type Row = Titled & { resourceType: string; resourceId: number };
  const [page, reload] = useLoad(() =>
    api.get<Paged<Row>>(apiPaths.memberCollects, { query: { type, page: 0, size: 50 } }),
  );
  const rows = page?.content.map((row) => ({ ...row, type: row.resourceType, id: row.resourceId })) ?? null;
  return (
    <KeptRows
      rows={rows}
      kept={kept}
      action={kept.labels.cancelCollect}
      onAction={(row) => api.post(apiPaths.memberUnCollect, { type: row.type, id: row.id }).then(reload)}
    />
  );
}
