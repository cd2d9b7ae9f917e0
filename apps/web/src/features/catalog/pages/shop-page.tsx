import { Link, useParams } from 'react-router';
import { CalendarDays, MapPin, RotateCcw, Store, Truck } from 'lucide-react';
import type { ShopResponse } from '@marketplace/contracts/shops';
import { usStates } from '@marketplace/domain/us-address';
import { buttonClasses } from '../../../components/button';
import { LoadError, LoadingState } from '../../../components/list-states';
import { StarRating } from '../../../components/star-rating';
import { describeApiError } from '../../../lib/api-error';
import { formatMonthYear } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/document-title';
import { ListingBrowser, type ListingText } from '../components/listing-browser';
import { useGetShopQuery } from '../shop-api';
import { VacationNotice } from '../components/vacation-notice';

/** "Selling since March 2025" */
export function sellingSince(iso: string): string {
  return `Selling since ${formatMonthYear(iso)}`;
}

/** "Ships within 2 business days" */
export function handlingText(days: number): string {
  return `Ships within ${days} business ${days === 1 ? 'day' : 'days'}`;
}

/** The return policy in words. */
export function returnPolicyText(policy: ShopResponse['seller']['returnPolicy']): string {
  if (!policy.acceptsReturns) return 'This seller does not accept returns';
  const window = `Returns accepted within ${policy.windowDays} ${policy.windowDays === 1 ? 'day' : 'days'} of delivery`;
  return policy.restockingFeePercent > 0 ? `${window}, ${policy.restockingFeePercent}% restocking fee` : `${window}, no restocking fee`;
}

const stateName = (code: string) => usStates.find((state) => state.code === code)?.name ?? code;

/** The shop's card: name, rating, and the facts a buyer weighs before ordering. */
function ShopHeader({ shop }: { shop: ShopResponse }) {
  const { seller } = shop;
  useDocumentTitle(seller.name);
  const facts = [
    { icon: CalendarDays, text: sellingSince(seller.memberSince) },
    seller.shipsFromState ? { icon: MapPin, text: `Ships from ${stateName(seller.shipsFromState)}` } : null,
    seller.handlingDays ? { icon: Truck, text: handlingText(seller.handlingDays) } : null,
    { icon: RotateCcw, text: returnPolicyText(seller.returnPolicy) },
  ].filter((fact) => fact !== null);
  return (
    <header className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex items-start gap-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-100 text-brand-800 sm:size-14">
          <Store className="size-6 sm:size-7" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl">{seller.name}</h1>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            {seller.rating.average !== null && seller.rating.count > 0 ? (
              <StarRating value={seller.rating.average} count={seller.rating.count} showValue />
            ) : (
              <span>No reviews yet</span>
            )}
            <span aria-hidden className="text-slate-300">
              ·
            </span>
            <span>
              {shop.listingCount} {shop.listingCount === 1 ? 'listing' : 'listings'}
            </span>
          </div>
        </div>
      </div>
      {seller.vacation && <VacationNotice vacation={seller.vacation} className="mt-4" />}
      <ul aria-label="About this shop" className="mt-4 grid gap-2 text-sm text-slate-700 sm:grid-cols-2">
        {facts.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2">
            <Icon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </header>
  );
}

const SHOP_LISTING_TEXT: ListingText = {
  searchLabel: 'Search this shop',
  searchPlaceholder: 'Search listings',
  one: 'listing',
  other: 'listings',
  results: 'Shop listings',
  loadError: "This shop's listings could not be loaded",
  noMatch: 'No listings in this shop match your search',
  emptyTitle: 'No listings right now',
  emptyText: 'This seller has nothing for sale at the moment — check back soon.',
  pages: 'Shop pages',
};

/** The shop's listings: the catalogue's search, filters, sort and pages, kept to this seller. */
function ShopListings({ sellerId }: { sellerId: string }) {
  return (
    <section aria-labelledby="shop-listings-title" className="space-y-4">
      <h2 id="shop-listings-title" className="text-lg font-semibold text-slate-900">
        Listings
      </h2>
      <ListingBrowser
        sellerId={sellerId}
        text={SHOP_LISTING_TEXT}
        emptyAction={
          <Link to="/products" className={buttonClasses({ variant: 'secondary' })}>
            Browse all products
          </Link>
        }
      />
    </section>
  );
}

function ShopNotFound() {
  useDocumentTitle('Shop not found');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="grid size-14 place-items-center rounded-2xl bg-brand-100 text-brand-800">
        <Store className="size-7" aria-hidden />
      </span>
      <p className="mt-6 text-sm font-semibold text-brand-800">Error 404</p>
      <h1 className="mt-1 text-3xl font-semibold tracking-tight text-slate-900">Shop not found</h1>
      <p className="mt-3 text-slate-600">This shop does not exist or is not open right now. The link may be mistyped.</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to="/products" className={buttonClasses()}>
          Browse products
        </Link>
        <Link to="/" className={buttonClasses({ variant: 'secondary' })}>
          Go to the home page
        </Link>
      </div>
    </section>
  );
}

/** /shop/:sellerId: the seller's card (rating, since when, ships from, handling time, returns) and their listings. */
export function ShopPage() {
  const { sellerId = '' } = useParams();
  const shop = useGetShopQuery(sellerId);

  if (shop.isLoading) return <LoadingState label="Loading shop…" />;
  if (shop.isError) {
    const { status } = describeApiError(shop.error);
    if (status === 404 || status === 400) return <ShopNotFound />;
    return <LoadError title="This shop could not be loaded" error={shop.error} onRetry={() => void shop.refetch()} isRetrying={shop.isFetching} />;
  }
  if (!shop.data) return null;
  return (
    <div className="space-y-8">
      <ShopHeader shop={shop.data} />
      <ShopListings sellerId={shop.data.seller.id} />
    </div>
  );
}
