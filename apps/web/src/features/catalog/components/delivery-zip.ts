import { useSyncExternalStore } from 'react';

/**
 * The ZIP code a guest or buyer typed in a product page's delivery box, kept in this browser so every product
 * page quotes to it. Without one, the API quotes a signed-in buyer to their default address.
 */
export const DELIVERY_ZIP_KEY = 'marketplace.deliveryZip';

const listeners = new Set<() => void>();
// A ZIP code the browser refused to store (storage blocked or full): this tab still uses it.
let unsaved: string | null = null;

const isZip = (value: string | null): value is string => value !== null && /^\d{5}$/.test(value);

function read(): string | null {
  if (unsaved !== null) return unsaved;
  try {
    const stored = localStorage.getItem(DELIVERY_ZIP_KEY);
    // Anything else was not written here (an edit by hand, an older format): ask as if none was typed.
    return isZip(stored) ? stored : null;
  } catch {
    return null;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's change: this page follows it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === DELIVERY_ZIP_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The remembered ZIP code (5 digits), or null when none was typed. */
export function useDeliveryZip(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

/** Remembers `zip` (5 digits) for every product page, and redraws the boxes that show one. */
export function rememberDeliveryZip(zip: string): void {
  try {
    localStorage.setItem(DELIVERY_ZIP_KEY, zip);
    unsaved = null;
  } catch {
    unsaved = zip;
  }
  for (const listener of listeners) listener();
}
