import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataColumn } from './data-table';

interface Fruit {
  id: string;
  name: string;
  price: number;
}

const FRUITS: Fruit[] = [
  { id: 'f1', name: 'Apple', price: 1.5 },
  { id: 'f2', name: 'Pear', price: 2 },
  { id: 'f3', name: 'Plum', price: 0.75 },
];

const COLUMNS: DataColumn<Fruit>[] = [
  { header: '#', cell: (_fruit, index) => index + 1 },
  { header: 'Name', className: 'font-medium', cell: (fruit) => fruit.name },
  { header: 'Price', align: 'right', cell: (fruit) => fruit.price.toFixed(2) },
  { header: 'Actions', hideHeader: true, cell: (fruit) => <button type="button">Buy {fruit.name}</button> },
];

function renderFruits(rows: Fruit[] = FRUITS) {
  render(<DataTable caption="Fruit" columns={COLUMNS} rows={rows} rowKey={(fruit) => fruit.id} />);
  return screen.getByRole('table', { name: 'Fruit' });
}

/** The data rows of the table (the header row excluded). */
function bodyRows(table: HTMLElement) {
  return within(table).getAllByRole('row').slice(1);
}

describe('DataTable', () => {
  it('is named by its caption and has one column header, scoped to its column, per column', () => {
    const table = renderFruits();
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['#', 'Name', 'Price', 'Actions']);
    for (const header of headers) expect(header).toHaveAttribute('scope', 'col');
  });

  it('renders one row per item, in order, with the cells the columns give', () => {
    const rows = bodyRows(renderFruits());
    expect(rows).toHaveLength(3);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', 'Pear', '2.00', 'Buy Pear']);
    expect(within(rows[2]!).getByRole('button', { name: 'Buy Plum' })).toBeInTheDocument();
  });

  it('keys rows by rowKey, so a reordered list moves rows rather than rewriting them', () => {
    const { rerender } = render(<DataTable caption="Fruit" columns={COLUMNS} rows={FRUITS} rowKey={(fruit) => fruit.id} />);
    const plumRow = bodyRows(screen.getByRole('table'))[2]!;
    rerender(<DataTable caption="Fruit" columns={COLUMNS} rows={[FRUITS[2]!, FRUITS[0]!, FRUITS[1]!]} rowKey={(fruit) => fruit.id} />);
    const rows = bodyRows(screen.getByRole('table'));
    expect(rows[0]).toBe(plumRow);
    expect(within(rows[0]!).getByRole('cell', { name: 'Plum' })).toBeInTheDocument();
  });

  it('right-aligns the header and cells of a right-aligned column, and adds the column classes to its cells', () => {
    const table = renderFruits();
    expect(within(table).getByRole('columnheader', { name: 'Price' })).toHaveClass('text-right');
    expect(within(table).getByRole('cell', { name: '1.50' })).toHaveClass('text-right');
    expect(within(table).getByRole('columnheader', { name: 'Name' })).not.toHaveClass('text-right');
    expect(within(table).getByRole('cell', { name: 'Apple' })).toHaveClass('font-medium');
  });

  it('keeps a hidden header for screen readers only', () => {
    const table = renderFruits();
    const actions = within(table).getByRole('columnheader', { name: 'Actions' });
    expect(within(actions).getByText('Actions')).toHaveClass('sr-only');
    expect(within(table).getByRole('columnheader', { name: 'Name' }).querySelector('.sr-only')).toBeNull();
  });

  it('narrows the padding when compact and passes the box, table and row classes through', () => {
    render(
      <DataTable
        caption="Fruit"
        columns={COLUMNS}
        rows={FRUITS}
        rowKey={(fruit) => fruit.id}
        className="hidden xl:block"
        tableClassName="min-w-[56rem]"
        density="compact"
        rowClassName="align-top"
      />,
    );
    const table = screen.getByRole('table', { name: 'Fruit' });
    expect(table).toHaveClass('min-w-[56rem]');
    expect(table.parentElement).toHaveClass('overflow-x-auto', 'hidden', 'xl:block');
    expect(table.parentElement).not.toHaveClass('md:block');
    expect(within(table).getByRole('cell', { name: 'Apple' })).toHaveClass('px-2.5');
    expect(bodyRows(table)[0]).toHaveClass('align-top');
  });
});
