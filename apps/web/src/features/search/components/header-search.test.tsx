import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HeaderSearch } from './header-search';

function Page() {
  const location = useLocation();
  return (
    <>
      <HeaderSearch />
      <p data-testid="address">{`${location.pathname}${location.search}`}</p>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', Component: Page }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return screen.getByRole('searchbox', { name: 'Search the shop' });
}

describe('the header’s search box', () => {
  it('holds the AI search’s query on its results page', () => {
    expect(renderAt('/ai-search-results?q=warm%20socks')).toHaveValue('warm socks');
  });

  it('is empty on a page whose own search uses `q` (a shop’s, the catalogue’s)', () => {
    expect(renderAt('/shop/seller-1?q=mug')).toHaveValue('');
  });

  it('sends what is typed to the AI search results', () => {
    const box = renderAt('/products?q=mug');
    fireEvent.change(box, { target: { value: 'a gift for my dad' } });
    fireEvent.submit(box.closest('form')!);
    expect(screen.getByTestId('address')).toHaveTextContent('/ai-search-results?q=a%20gift%20for%20my%20dad');
  });
});
