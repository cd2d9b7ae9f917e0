import { readSession } from './session';

// A file the API makes for the signed-in person (a CSV), fetched with the session's token (a plain link would
// carry none) and handed to the browser as a download. The earnings' CSV and the listings' CSV come this way.

async function errorMessageOf(response: Response, failed: string): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : failed;
  } catch {
    return failed;
  }
}

/**
 * Downloads `GET /api…` (a path from `/api`) under the name the server gave (Content-Disposition), else
 * `fallbackName`; answers the response, for its headers. Throws the server's reason, or `failed`.
 */
export async function downloadFile(path: string, { fallbackName, failed }: { fallbackName: string; failed: string }): Promise<Response> {
  const token = readSession()?.token;
  let response: Response;
  try {
    response = await fetch(`${globalThis.location?.origin ?? ''}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new Error(failed);
  }
  if (!response.ok) throw new Error(await errorMessageOf(response, failed));
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return response;
}
