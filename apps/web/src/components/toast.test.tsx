import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from './toast';

/** The toast list (it downloads with the first toast), once it shows `text`. */
async function findToast(text: string) {
  const message = await screen.findByText(text);
  const item = message.closest('li');
  if (!item) throw new Error(`"${text}" is not in a toast`);
  return item;
}

const region = () => screen.getByRole('region', { name: 'Notifications alt+T' });

/**
 * Mounts the Toaster and lets its list download once (a first toast), then switches to fake timers,
 * so every timer the tested toasts start is a fake one.
 */
async function mountWithFakeTimers(duration: number) {
  render(<Toaster duration={duration} />);
  act(() => void toast('Warm-up'));
  await findToast('Warm-up');
  act(() => toast.dismiss());
  vi.useFakeTimers();
}

describe('toast and Toaster (docs/product/limits.md)', () => {
  afterEach(() => {
    act(() => toast.dismiss());
    vi.useRealTimers();
  });

  it('keeps a polite live region on the page before any toast, and shows toasts inside it', async () => {
    render(<Toaster richColors closeButton duration={5000} />);
    expect(region()).toHaveAttribute('aria-live', 'polite');
    expect(within(region()).queryByRole('listitem')).not.toBeInTheDocument();

    act(() => void toast.success('Changes saved'));
    const item = await findToast('Changes saved');
    expect(region()).toContainElement(item);
    expect(item).toHaveAttribute('data-type', 'success');
  });

  it('shows a toast fired before the Toaster mounts', async () => {
    toast.error('Failed to fetch payouts');
    render(<Toaster />);
    expect(await findToast('Failed to fetch payouts')).toHaveAttribute('data-type', 'error');
  });

  it('closes after the Toaster’s duration by default, and after the toast’s own duration when given', async () => {
    await mountWithFakeTimers(5000);
    act(() => {
      toast.success('Five seconds');
      toast.error('Four seconds', { duration: 4000 });
    });
    expect(screen.getByText('Five seconds')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(3999));
    expect(screen.getByText('Four seconds')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Four seconds')).not.toBeInTheDocument();
    expect(screen.getByText('Five seconds')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText('Five seconds')).not.toBeInTheDocument();
  });

  it('pauses while the pointer is over the toasts and resumes with the time that was left', async () => {
    await mountWithFakeTimers(5000);
    act(() => void toast.success('Hover me'));
    const item = screen.getByText('Hover me').closest('li')!;

    await act(() => vi.advanceTimersByTimeAsync(3000));
    fireEvent.mouseEnter(item.parentElement!);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByText('Hover me')).toBeInTheDocument();

    fireEvent.mouseLeave(item.parentElement!);
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Hover me')).not.toBeInTheDocument();
  });

  it('is dismissed with its close button, which dismissible: false leaves out', async () => {
    const user = userEvent.setup();
    render(<Toaster closeButton />);
    act(() => {
      toast.success('Payout sent');
      toast.success('Stays until it times out', { dismissible: false });
    });
    const item = await findToast('Payout sent');
    const stays = await findToast('Stays until it times out');
    expect(within(stays).queryByRole('button', { name: 'Close toast' })).not.toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Close toast' }));
    expect(screen.queryByText('Payout sent')).not.toBeInTheDocument();
    expect(screen.getByText('Stays until it times out')).toBeInTheDocument();
  });

  it('runs an action and closes, unless the action prevents it', async () => {
    const user = userEvent.setup();
    const openCart = vi.fn();
    render(<Toaster />);
    act(() => {
      toast.success('Lamp added to your cart', { action: { label: 'View cart', onClick: openCart } });
      toast.success('Kept open', { action: { label: 'Undo', onClick: (event) => event.preventDefault() } });
    });

    await user.click(within(await findToast('Lamp added to your cart')).getByRole('button', { name: 'View cart' }));
    expect(openCart).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Lamp added to your cart')).not.toBeInTheDocument();

    await user.click(within(await findToast('Kept open')).getByRole('button', { name: 'Undo' }));
    expect(screen.getByText('Kept open')).toBeInTheDocument();
  });

  it('replaces the toast with the same id instead of adding another, and restarts its time', async () => {
    await mountWithFakeTimers(5000);
    act(() => void toast.error('Failed to fetch payouts', { id: 'payouts' }));
    expect(screen.getByText('Failed to fetch payouts')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4000));

    act(() => void toast.error('Failed to fetch payouts again', { id: 'payouts' }));
    expect(screen.queryByText('Failed to fetch payouts')).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(screen.getByText('Failed to fetch payouts again')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('shows the newest toast first and moves focus to it with Alt+T', async () => {
    render(<Toaster />);
    act(() => {
      toast('First');
      toast('Second');
    });
    await findToast('Second');
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Second', 'First']);

    fireEvent.keyDown(document, { altKey: true, code: 'KeyT', key: 't' });
    expect(items[0]).toHaveFocus();
  });
});
