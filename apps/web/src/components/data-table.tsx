import type { ReactNode } from 'react';

export interface DataColumn<Row> {
  /** The column header; also its React key, so unique within a table. */
  header: string;
  /** Right-aligns header and cells (amounts, counts, row actions). */
  align?: 'left' | 'right';
  /** Keeps the header for screen readers only, as over a column of row actions. */
  hideHeader?: boolean;
  /** Extra classes for this column's cells, e.g. 'max-w-80' or 'whitespace-nowrap text-slate-600'. */
  className?: string;
  cell: (row: Row, index: number) => ReactNode;
}

interface DataTableProps<Row> {
  /** Names the table for screen readers (visually hidden). */
  caption: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** How the box shows: by default the laptop half of a table-or-cards list (hidden below md), raised like the cards. */
  className?: string;
  /** Extra classes for the table itself, e.g. a min-width that makes the box scroll sideways. */
  tableClassName?: string;
  /** 'compact' narrows the cells' side padding, so wide tables fit a laptop. */
  density?: 'normal' | 'compact';
  /** Extra classes for every body row, e.g. 'align-top' when cells run to several lines. */
  rowClassName?: string;
}

function classes(...parts: (string | false | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}

/** The admin and seller lists' table: a bordered box that scrolls sideways, one column per entry of `columns`. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  className = 'hidden shadow-sm md:block',
  tableClassName,
  density = 'normal',
  rowClassName,
}: DataTableProps<Row>) {
  const padding = density === 'compact' ? 'px-2.5 py-3' : 'px-4 py-3';
  return (
    <div className={classes('overflow-x-auto rounded-xl border border-slate-200 bg-white', className)}>
      <table className={classes('w-full text-left text-sm', tableClassName)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={classes(padding, column.align === 'right' && 'text-right')}>
                {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row, index) => (
            <tr key={rowKey(row)} className={rowClassName}>
              {columns.map((column) => (
                <td key={column.header} className={classes(padding, column.align === 'right' && 'text-right', column.className)}>
                  {column.cell(row, index)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
