/** The console's one table markup (content lists, import problems, publishing history, audit log): a scrolling wrapper, column headings, a row per item. */
import type { ReactNode } from 'react';

export type Column<Row> = {
  heading: string;
  /** a heading shown small: the column of a row's buttons */
  quiet?: boolean;
  cell: (row: Row) => ReactNode;
};

export function ConsoleTable<Row>({
  columns,
  rows,
  rowKey,
  className,
}: {
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  className?: string;
}) {
  return (
    <div className="console-table-wrap">
      <table className={className ? `console-audit ${className}` : 'console-audit'}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column.heading}>
                {column.quiet ? <span className="console-sld">{column.heading}</span> : column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.heading}>{column.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
