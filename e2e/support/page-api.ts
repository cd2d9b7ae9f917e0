import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// The journeys' calls to the API for what a journey only sets up (a new seller, their listing and its photo):
// made from the page, as the user signed in there, so they pass the same checks as the app's own calls.

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** Calls the API from the page, as the user signed in there (the token the app stored). */
export async function api<T>(page: Page, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer<T>> {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const token = localStorage.getItem('token');
      const response = await fetch(path, {
        method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body, headers },
  ) as Promise<ApiAnswer<T>>;
}

/** Fails with the server's answer when the call did not succeed. */
export function ok<T>(answer: ApiAnswer<T>, what: string): T {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

/**
 * Gives the signed-in seller's listing its first photo (a small picture drawn in `colour`), which puts it live
 * (docs/product/listings.md); fails unless the upload is taken.
 */
export async function addListingPhoto(page: Page, productId: string, colour: string, fileName: string): Promise<void> {
  const status = await page.evaluate(
    async ({ productId, colour, fileName }) => {
      const canvas = new OffscreenCanvas(64, 48);
      const context = canvas.getContext('2d')!;
      context.fillStyle = colour;
      context.fillRect(0, 0, 64, 48);
      const form = new FormData();
      form.append('files', await canvas.convertToBlob({ type: 'image/png' }), fileName);
      const response = await fetch(`/api/products/${productId}/images`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
        body: form,
      });
      return response.status;
    },
    { productId, colour, fileName },
  );
  expect(status, 'the listing photo').toBe(200);
}
