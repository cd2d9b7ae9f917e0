import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, type ApiHandler } from '../../../test/render-app';

const TOKEN = 'phone-token-123';
const VALIDATE_URL = `/api/products/validate-upload-token/${TOKEN}`;

function photo(name = 'front.jpg', type = 'image/jpeg') {
  return new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type });
}

function api({ validate, upload }: { validate: ApiHandler; upload?: ApiHandler }): ApiHandler {
  return (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === VALIDATE_URL) return validate(request);
    if (pathname === '/api/products/mobile-upload' && upload) return upload(request);
    return jsonResponse(404, { error: 'Not found' });
  };
}

const valid: ApiHandler = () => jsonResponse(200, { valid: true, message: 'Upload link is valid.' });

async function chooseFromGallery(files: File[]) {
  fireEvent.change(screen.getByLabelText('Photos from gallery'), { target: { files } });
}

describe('MobileUploadPage', () => {
  it('says it is checking the link first', async () => {
    renderApp(`/mobile-upload/${TOKEN}`, { api: api({ validate: () => new Promise(() => {}) }) });
    // The first visit also downloads the lazy page, which can take a moment.
    expect(await screen.findByText('Checking your upload link…', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("shows the server's message for an invalid link and advises a new QR code", async () => {
    renderApp(`/mobile-upload/${TOKEN}`, { api: api({ validate: () => jsonResponse(200, { valid: false, message: 'This link was already used up.' }) }) });
    expect(await screen.findByRole('heading', { name: 'Invalid Upload Link' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This link was already used up.');
    expect(screen.getByText(/generate a new QR code/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Take Photo/ })).not.toBeInTheDocument();
  });

  it('falls back to the standard text when the server gives no message', async () => {
    renderApp(`/mobile-upload/${TOKEN}`, { api: api({ validate: () => jsonResponse(200, { valid: false, message: '' }) }) });
    expect(await screen.findByRole('alert')).toHaveTextContent('This upload link has expired or is invalid.');
  });

  it('says the check itself failed when the server cannot be reached', async () => {
    renderApp(`/mobile-upload/${TOKEN}`, { api: api({ validate: () => Promise.reject(new TypeError('Failed to fetch')) }) });
    expect(await screen.findByRole('heading', { name: 'Invalid Upload Link' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Error validating upload link.');
  });

  it('offers the camera and the gallery, with the how-it-works and photo-tips lists', async () => {
    renderApp(`/mobile-upload/${TOKEN}`, { api: api({ validate: valid }) });
    expect(await screen.findByRole('button', { name: 'Take Photo' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Choose from Gallery' })).toBeEnabled();

    const camera = screen.getByLabelText('Photos from camera');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('multiple');
    const gallery = screen.getByLabelText('Photos from gallery');
    expect(gallery).toHaveAttribute('accept', 'image/*');
    expect(gallery).toHaveAttribute('multiple');
    expect(gallery).not.toHaveAttribute('capture');

    expect(screen.getByRole('heading', { name: 'Uploaded images (0)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Photo tips' })).toBeInTheDocument();
  });

  it('uploads token and files, disables both buttons meanwhile, and clears the success message after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let finishUpload: (response: Response) => void = () => {};
    let sent: FormData | null = null;
    renderApp(`/mobile-upload/${TOKEN}`, {
      api: api({
        validate: valid,
        upload: async (request) => {
          sent = await request.formData();
          return new Promise<Response>((resolve) => {
            finishUpload = resolve;
          });
        },
      }),
    });
    await screen.findByRole('button', { name: 'Take Photo' });

    await chooseFromGallery([photo('front.jpg'), photo('back.png', 'image/png')]);
    expect(await screen.findByText('Uploading images...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take Photo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Choose from Gallery' })).toBeDisabled();
    await vi.waitFor(() => expect(sent).not.toBeNull());
    expect(sent!.get('token')).toBe(TOKEN);
    // jsdom's File loses its name crossing into Node's FormData parser, so only the count is checked.
    expect(sent!.getAll('files')).toHaveLength(2);

    finishUpload(
      jsonResponse(200, {
        success: true,
        message: 'Successfully uploaded 2 images',
        images: [
          { id: 'i1', url: '/uploads/front.webp', name: 'front.jpg' },
          { id: 'i2', url: '/uploads/back.webp', name: 'back.png' },
        ],
      }),
    );
    expect(await screen.findByText('Successfully uploaded 2 images')).toBeInTheDocument();
    expect(screen.queryByText('Uploading images...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take Photo' })).toBeEnabled();
    const grid = screen.getByRole('list', { name: 'Uploaded images' });
    expect(within(grid).getAllByRole('img')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Uploaded images (2)' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByText('Successfully uploaded 2 images')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Successfully uploaded 2 images')).not.toBeInTheDocument();
  });

  it("shows 'Upload failed: ' with the server's message", async () => {
    renderApp(`/mobile-upload/${TOKEN}`, {
      api: api({
        validate: valid,
        upload: () => jsonResponse(400, { error: 'Only JPEG, PNG, WebP or HEIC images', success: false, message: 'Only JPEG, PNG, WebP or HEIC images' }),
      }),
    });
    await screen.findByRole('button', { name: 'Take Photo' });
    await chooseFromGallery([photo()]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload failed: Only JPEG, PNG, WebP or HEIC images');
  });

  it("shows 'Upload failed. Please try again.' when there is no server message", async () => {
    renderApp(`/mobile-upload/${TOKEN}`, { api: api({ validate: valid, upload: () => Promise.reject(new TypeError('Failed to fetch')) }) });
    await screen.findByRole('button', { name: 'Take Photo' });
    await chooseFromGallery([photo()]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload failed. Please try again.');
  });

  it('shows a placeholder icon when an uploaded image fails to load', async () => {
    renderApp(`/mobile-upload/${TOKEN}`, {
      api: api({
        validate: valid,
        upload: () => jsonResponse(200, { success: true, message: 'ok', images: [{ id: 'i1', url: '/uploads/gone.webp', name: 'gone.jpg' }] }),
      }),
    });
    await screen.findByRole('button', { name: 'Take Photo' });
    await chooseFromGallery([photo('gone.jpg')]);
    const image = await screen.findByRole('img', { name: 'gone.jpg' });
    fireEvent.error(image);
    expect(screen.getByRole('img', { name: 'gone.jpg (image unavailable)' })).toBeInTheDocument();
  });
});
