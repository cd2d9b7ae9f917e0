import { Link } from 'react-router';
import { MapPin, Pencil, Plus } from 'lucide-react';
import { Alert } from '../../../components/alert';
import { buttonClasses } from '../../../components/button';
import { LoadError, LoadingState } from '../../../components/list-states';
import { PostalAddress } from '../../../components/postal-address';
import { useListShipFromAddressesQuery } from '../api';

/**
 * The ship-from address is the seller's default address in their address book (the shipping module
 * reads the same one when it buys a UPS label), so it is changed there, on the profile page.
 */
export function ShipFromAddress() {
  const addresses = useListShipFromAddressesQuery();
  const address = addresses.data?.find((candidate) => candidate.isDefault) ?? null;
  return (
    <section aria-labelledby="ship-from-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="ship-from-title" className="text-lg font-semibold text-slate-900">
        Ship-from address
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Printed as the sender on your UPS labels and used as the collection address when you schedule a pickup. It is the default address in your address book.
      </p>
      <div className="mt-4">
        {addresses.isLoading ? (
          <LoadingState label="Loading your address…" />
        ) : addresses.isError ? (
          <LoadError
            title="Your address could not be loaded"
            error={addresses.error}
            onRetry={() => void addresses.refetch()}
            isRetrying={addresses.isFetching}
          />
        ) : address ? (
          <div className="flex flex-col gap-4 rounded-xl border border-brand-200 bg-brand-50/40 p-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="flex gap-3">
              <MapPin className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
              <PostalAddress
                address={{
                  name: address.name,
                  line1: address.line1,
                  line2: address.line2,
                  city: address.city,
                  state: address.state,
                  postalCode: address.postal_code,
                  country: address.country,
                  phone: address.phone,
                }}
              />
            </div>
            <Link to="/seller/profile" className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'self-start' })}>
              <Pencil className="size-4" aria-hidden />
              Change address
            </Link>
          </div>
        ) : (
          <Alert
            tone="warning"
            title="No ship-from address yet"
            action={
              <Link to="/seller/profile" className={buttonClasses({ size: 'sm' })}>
                <Plus className="size-4" aria-hidden />
                Add an address
              </Link>
            }
          >
            You need one before you can create UPS labels or schedule pickups.
          </Alert>
        )}
      </div>
    </section>
  );
}
