import { DataTable } from '../../../components/data-table';
import type { DatasetColumn } from './datasets';

/** A table on wider screens and a list of cards on phones, both from the same columns. */
export function DatasetTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: readonly DatasetColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <>
      <DataTable
        caption={caption}
        columns={columns.map((column) => ({
          header: column.header,
          align: column.isNumeric ? 'right' : 'left',
          className: column.isNumeric ? 'text-slate-800 tabular-nums' : 'text-slate-800',
          cell: column.cell,
        }))}
        rows={rows}
        rowKey={rowKey}
        className="hidden sm:block"
        density="compact"
      />
      <ul className="grid gap-2 sm:hidden" aria-label={caption}>
        {rows.map((row, index) => (
          <li key={rowKey(row)} className="rounded-lg border border-slate-200 p-3">
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              {columns.map((column) => (
                <div key={column.header} className="contents">
                  <dt className="text-slate-500">{column.header}</dt>
                  <dd className="text-right font-medium text-slate-900 tabular-nums">{column.cell(row, index)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
