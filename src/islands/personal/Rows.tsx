import type { Api, Labels, Paged } from './types.ts';
import { useLoad } from './use-load.ts';

export function Rows<T>({
  api,
  path,
  labels,
  render,
}: {
  api: Api;
  path: string;
  labels: Labels;
  render: (row: T) => [string, string];
}) {
  const [page] = useLoad(() => api.get<Paged<T>>(path, { query: { page: 0, size: 50 } }));
  if (!page) return null;
  if (page.content.length === 0) return <p>{labels.empty}</p>;
  return (
    <ul className="rows">
      {page.content.map((row) => {
        const [key, text] = render(row);
        return <li key={key}>{text}</li>;
      })}
    </ul>
  );
}
