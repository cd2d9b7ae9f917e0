import type { DatasetColumn } from './datasets';

/** A table on wider screens and a list of cards on phones, both from the same columns. */
export function DatasetTable<Row>({ caption, columns, rows, rowKey }: { caption: string; columns: readonly DatasetColumn<Row>[]; rows: readonly Row[]; rowKey: (row: Row) => string }) {
  return (
    <>
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 text-xs font-medium uppercase tracking-wide text-slate-500">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={`px-3 py-2 ${column.isNumeric ? 'text-right' : ''}`}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row, index) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.header} className={`px-3 py-2 text-slate-800 ${column.isNumeric ? 'text-right tabular-nums' : ''}`}>
                    {column.cell(row, index)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
