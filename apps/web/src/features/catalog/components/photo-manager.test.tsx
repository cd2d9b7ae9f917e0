import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, type ApiHandler } from '../../../test/render-app';
import { logInAs } from '../../../test/tokens';
import { PHONE_PHOTO_POLL_MS } from './photo-manager';
import { timeLimit } from '../../../test/time-limit';

const PRODUCT_ID = '0d9e6c52-8f4b-4d1e-a0a4-3b2f7e8c9d10';
const IMAGES = ['a', 'b', 'c'].map((letter, index) => ({
  id: `${letter}${letter}${letter}-image`,
  url: `/uploads/${letter}.webp`,
  thumbnailUrl: `/uploads/${letter}-thumb.webp`,
  name: `${letter}.jpg`,
  position: index,
}));

const PRODUCT = {
  id: PRODUCT_ID,
  title: 'Enamel mug',
  description: 'Blue.',
  price: 12,
  quantity: 8,
  condition: 'new',
  status: 'active',
  isDraft: false,
  category: { id: 'c1', name: 'Home & Kitchen', slug: 'home-kitchen' },
  seller: { id: 'user-seller', companyName: null },
  image: null,
  retip: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  weightOunces: 10,
  images: IMAGES,
  hasVariants: false,
  variations: [],
  variants: [],
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function editorApi(calls: Call[], extra?: ApiHandler): ApiHandler {
  let images = IMAGES;
  return async (request) => {
    const { pathname } = new URL(request.url);
    const base = `/api/products/${PRODUCT_ID}`;
    if (pathname === '/api/categories') return jsonResponse(200, { categories: [PRODUCT.category] });
    if (pathname === base) return jsonResponse(200, PRODUCT);
    if (pathname === `${base}/images` && request.method === 'GET') return jsonResponse(200, { images });
    if (pathname === `${base}/images/order` && request.method === 'PUT') {
      const body = (await request.json()) as { imageIds: string[] };
      calls.push({ method: 'PUT', path: pathname, body });
      images = body.imageIds.map((id, position) => ({ ...IMAGES.find((image) => image.id === id)!, position }));
      return jsonResponse(200, { images });
    }
    if (pathname.startsWith(`${base}/images/`) && request.method === 'DELETE') {
      calls.push({ method: 'DELETE', path: pathname, body: null });
      images = images.filter((image) => !pathname.endsWith(image.id));
      return jsonResponse(200, { images });
    }
    if (extra) return extra(request);
    return jsonResponse(404, { error: 'Not found' });
  };
}

function photoNames() {
  return within(screen.getByRole('list', { name: 'Listing photos' }))
    .getAllByRole('img')
    .map((image) => image.getAttribute('src'));
}

// The editor mounts the whole app and several lazy chunks; the shared machine needs more than 5 s.
describe('PhotoManager on the listing editor', { timeout: timeLimit(20_000) }, () => {
  beforeEach(() => {
    logInAs('seller');
  });

  it('moves a photo right and left with accessible buttons, saving the new order', async () => {
    const calls: Call[] = [];
    const { user } = renderApp(`/seller/product-list/edit/${PRODUCT_ID}`, { api: editorApi(calls) });
    await user.click(await screen.findByRole('button', { name: 'Move photo 1 right' }, { timeout: 5000 }));

    expect(calls).toEqual([{ method: 'PUT', path: `/api/products/${PRODUCT_ID}/images/order`, body: { imageIds: ['bbb-image', 'aaa-image', 'ccc-image'] } }]);
    await screen.findByText('Photo moved');
    // The toast follows the save; the list follows the photos' refetch, which may land a render later.
    await waitFor(() => expect(photoNames()).toEqual(['/uploads/b-thumb.webp', '/uploads/a-thumb.webp', '/uploads/c-thumb.webp']));
    expect(screen.getByRole('button', { name: 'Move photo 1 left' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move photo 3 right' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move photo 3 left' }));
    expect(calls[1]?.body).toEqual({ imageIds: ['bbb-image', 'ccc-image', 'aaa-image'] });
  });

  it('makes a photo the cover by moving it first', async () => {
    const calls: Call[] = [];
    const { user } = renderApp(`/seller/product-list/edit/${PRODUCT_ID}`, { api: editorApi(calls) });
    expect(await screen.findByRole('list', { name: 'Listing photos' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make photo 1 the cover' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Make photo 3 the cover' }));
    expect(calls[0]?.body).toEqual({ imageIds: ['ccc-image', 'aaa-image', 'bbb-image'] });
    expect(await screen.findByText('Cover photo changed')).toBeInTheDocument();
  });

  it('deletes a photo only after confirming', async () => {
    const calls: Call[] = [];
    const { user } = renderApp(`/seller/product-list/edit/${PRODUCT_ID}`, { api: editorApi(calls) });
    await user.click(await screen.findByRole('button', { name: 'Delete photo 2' }, { timeout: 5000 }));

    const dialog = screen.getByRole('dialog', { name: 'Delete this photo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete photo 2' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete photo' }));
    expect(calls).toEqual([{ method: 'DELETE', path: `/api/products/${PRODUCT_ID}/images/bbb-image`, body: null }]);
    await screen.findByText('Photo deleted');
    await waitFor(() => expect(photoNames()).toEqual(['/uploads/a-thumb.webp', '/uploads/c-thumb.webp']));
  });

  it('uploads only images chosen from the computer as multipart "files"', async () => {
    const calls: Call[] = [];
    let fileCount = 0;
    renderApp(`/seller/product-list/edit/${PRODUCT_ID}`, {
      api: editorApi(calls, async (request) => {
        if (new URL(request.url).pathname.endsWith('/images') && request.method === 'POST') {
          fileCount = (await request.formData()).getAll('files').length;
          return jsonResponse(200, { images: IMAGES });
        }
        return jsonResponse(404, { error: 'Not found' });
      }),
    });
    const input = await screen.findByLabelText('Upload photos', {}, { timeout: 5000 });
    expect(input).toHaveAttribute('accept', 'image/*');
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'one.jpg', { type: 'image/jpeg' }), new File(['x'], 'notes.pdf', { type: 'application/pdf' })] },
    });

    expect(await screen.findByText('1 file skipped: only images can be uploaded.')).toBeInTheDocument();
    expect(await screen.findByText('Uploaded 1 photo')).toBeInTheDocument();
    expect(fileCount).toBe(1);
  });

  it('shows a QR code and the phone link, and polls for photos while it is shown', async () => {
    const calls: Call[] = [];
    const url = 'http://localhost:3000/mobile-upload/tok-123';
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, fetchSpy } = renderApp(`/seller/product-list/edit/${PRODUCT_ID}`, {
      api: editorApi(calls, (request) =>
        new URL(request.url).pathname.endsWith('/upload-link') && request.method === 'POST'
          ? jsonResponse(200, { token: 'tok-123', url, expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() })
          : jsonResponse(404, { error: 'Not found' }),
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Show QR code' }, { timeout: 5000 }));

    expect(await screen.findByRole('img', { name: 'QR code to scan with your phone' })).toBeInTheDocument();
    expect(screen.getByLabelText('Phone upload link')).toHaveValue(url);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(screen.getByText(/The link expires at/)).toBeInTheDocument();

    const imageLoads = () =>
      fetchSpy.mock.calls.filter(([input]) => input instanceof Request && input.method === 'GET' && new URL(input.url).pathname.endsWith('/images')).length;
    const before = imageLoads();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PHONE_PHOTO_POLL_MS);
    });
    await waitFor(() => expect(imageLoads()).toBe(before + 1));

    await user.click(screen.getByRole('button', { name: 'Hide QR code' }));
    const afterHiding = imageLoads();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PHONE_PHOTO_POLL_MS * 2);
    });
    expect(imageLoads()).toBe(afterHiding);
  });

  // the QR code is for a phone; the server puts it on the address the browser is on.
  it.each([
    ['http://192.168.1.20:3000/mobile-upload/tok-123', false],
    ['https://shop.example.com/mobile-upload/tok-123', false],
    ['http://localhost:3000/mobile-upload/tok-123', true],
    ['http://127.0.0.1:3000/mobile-upload/tok-123', true],
  ])('encodes the link the server answers (%s) and warns when a phone cannot open it: %s', async (url, isWarned) => {
    const { user } = renderApp(`/seller/product-list/edit/${PRODUCT_ID}`, {
      api: editorApi([], (request) =>
        new URL(request.url).pathname.endsWith('/upload-link') && request.method === 'POST'
          ? jsonResponse(200, { token: 'tok-123', url, expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() })
          : jsonResponse(404, { error: 'Not found' }),
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Show QR code' }, { timeout: 5000 }));
    expect(await screen.findByLabelText('Phone upload link')).toHaveValue(url);
    expect(screen.queryByText('A phone cannot open localhost') !== null).toBe(isWarned);
  });
});
