import { useEffect } from 'react';

export const APP_NAME = 'Marketplace';

/** Sets the browser tab's title to "<page> · Marketplace" while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
