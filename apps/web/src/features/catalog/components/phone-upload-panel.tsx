import { useEffect, useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { Copy, Smartphone } from 'lucide-react';
import { toast } from '../../../components/toast';
import type { UploadLinkResponse } from '@marketplace/contracts/catalog';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { describeApiError } from '../../../lib/api-error';
import { useCreateUploadLinkMutation } from '../seller-api';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * The server puts the link on the address this browser is on (or PUBLIC_URL). When that is localhost,
 * a phone cannot open it: say so, and where to go instead.
 */
function isPhoneUnreachable(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
    return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

interface PhoneUploadPanelProps {
  productId: string;
  /** Told when a link is shown or hidden, so the editor polls for new photos only while it is. */
  onActiveChange: (isActive: boolean) => void;
  isFull: boolean;
}

/**
 * "Add photos from your phone" (docs/product/uploads.md): a link for /mobile-upload/<token>, as a QR code and
 * as text, valid for 30 minutes. Photos taken on the phone appear in the editor while it is shown.
 */
export function PhoneUploadPanel({ productId, onActiveChange, isFull }: PhoneUploadPanelProps) {
  const [createUploadLink, { isLoading }] = useCreateUploadLinkMutation();
  const [link, setLink] = useState<UploadLinkResponse | null>(null);
  const [isExpired, setIsExpired] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    onActiveChange(link !== null && !isExpired);
  }, [link, isExpired, onActiveChange]);

  // Stop waiting for photos once the link can no longer be used.
  useEffect(() => {
    if (!link) return;
    const remaining = new Date(link.expiresAt).getTime() - Date.now();
    if (remaining <= 0) {
      setIsExpired(true);
      return;
    }
    const timer = setTimeout(() => setIsExpired(true), Math.min(remaining, 2_147_483_647));
    return () => clearTimeout(timer);
  }, [link]);

  async function showLink() {
    setError(null);
    try {
      const created = await createUploadLink(productId).unwrap();
      setIsExpired(false);
      setLink(created);
    } catch (caught) {
      setError(describeApiError(caught).message);
    }
  }

  async function copyLink(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied', { duration: 4000 });
    } catch {
      toast.error('Could not copy the link. Select it and copy it yourself.', { duration: 4000 });
    }
  }

  return (
    <section aria-labelledby="phone-upload-title" className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 id="phone-upload-title" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <Smartphone className="size-4 text-brand-700" aria-hidden />
            Add photos from your phone
          </h3>
          <p className="mt-1 text-sm text-slate-600">Scan a QR code with your phone camera and take the photos there. No login needed on the phone.</p>
        </div>
        {link === null ? (
          <Button variant="secondary" onClick={() => void showLink()} isBusy={isLoading} disabled={isFull} className="shrink-0">
            Show QR code
          </Button>
        ) : (
          <Button variant="ghost" onClick={() => setLink(null)} className="shrink-0">
            Hide QR code
          </Button>
        )}
      </div>

      {error && (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      )}

      {link && (
        <div className="mt-4 flex flex-col items-center gap-4 sm:flex-row sm:items-start">
          <div className={`rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 ${isExpired ? 'opacity-30' : ''}`}>
            <QRCodeSVG
              value={link.url}
              size={168}
              marginSize={1}
              title="QR code to scan with your phone"
              role="img"
              aria-label="QR code to scan with your phone"
            />
          </div>
          <div className="w-full min-w-0 flex-1 space-y-3">
            {!isExpired && isPhoneUnreachable(link.url) && (
              <Alert tone="warning" title="A phone cannot open localhost">
                This page is open at {new URL(link.url).host}, which only this computer can reach. Open the marketplace at this computer&rsquo;s network address
                instead (<code className="font-mono">npm start</code> prints it, e.g. http://192.168.1.20:3000), sign in and show the QR code again.
              </Alert>
            )}
            {isExpired ? (
              <Alert
                tone="warning"
                title="This link has expired"
                action={
                  <Button size="sm" variant="secondary" onClick={() => void showLink()} isBusy={isLoading}>
                    Get a new QR code
                  </Button>
                }
              >
                Links work for 30 minutes. Get a new one to keep adding photos from your phone.
              </Alert>
            ) : (
              <p className="text-sm text-slate-700" role="status">
                Waiting for photos from your phone… They appear here on their own. The link expires at{' '}
                <time dateTime={link.expiresAt} className="font-medium">
                  {timeFormat.format(new Date(link.expiresAt))}
                </time>
                .
              </p>
            )}
            <div>
              <label htmlFor="phone-upload-link" className="mb-1.5 block text-sm font-medium text-slate-800">
                Phone upload link
              </label>
              <div className="flex gap-2">
                <input
                  id="phone-upload-link"
                  readOnly
                  value={link.url}
                  onFocus={(event) => event.target.select()}
                  className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 font-mono text-xs text-slate-700"
                />
                <Button variant="secondary" onClick={() => void copyLink(link.url)}>
                  <Copy className="size-4" aria-hidden />
                  Copy link
                </Button>
              </div>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
