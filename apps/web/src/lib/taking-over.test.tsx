import { render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useTakenOver } from './taking-over';

/** What each drawing saw, first drawing first. */
const drawings: boolean[] = [];

function AddButton() {
  const takenOver = useTakenOver();
  drawings.push(takenOver);
  return <button disabled={!takenOver}>Add to cart</button>;
}

describe('a button that waits for the app to take the page over', () => {
  afterEach(() => {
    drawings.length = 0;
    delete document.documentElement.dataset.interactive;
    document.body.innerHTML = '';
  });

  it('is enabled from its first drawing in a page the app drew itself', () => {
    render(<AddButton />);
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    expect(drawings[0]).toBe(true);
  });

  it('is drawn disabled over the server’s page, hydrates as drawn, and is enabled once mounted', async () => {
    // The server's own drawing (no document there) is checked in ssr/entry-server.test.tsx; here, the browser
    // with the server's page in #root and the app not yet interactive draws it the same way.
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = '<button disabled="">Add to cart</button>';
    document.body.append(root);
    const html = renderToString(<AddButton />);
    expect(html).toBe(root.innerHTML);
    drawings.length = 0;
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(root, <AddButton />, { onRecoverableError: (error) => errors.push(error) });
    });
    // No mismatch: the first drawing in the browser was the server's.
    expect(errors).toEqual([]);
    expect(drawings[0]).toBe(false);
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  });

  it('is enabled at once in pages drawn after the app marked itself interactive', () => {
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = '<p>the server’s page</p>';
    document.body.append(root);
    document.documentElement.dataset.interactive = '';
    render(<AddButton />);
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    expect(drawings[0]).toBe(true);
  });
});
