import { useRef, useState } from 'react';
import { Clock, MapPin, Package, Plus, Tag, Truck } from 'lucide-react';
import type { ShippingProfile } from '@marketplace/contracts/delivery';
import type { Address } from '@marketplace/contracts/users';
import { SHIPPING_PROFILE_LIMITS } from '@marketplace/domain/shipping-profiles';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState, LoadError, LoadingState } from '../../../components/list-states';
import { toast } from '../../../components/toast';
import { describeApiError } from '../../../lib/api-error';
import { pluralise } from '../../../lib/plural';
import { handlingText, shippingRateText } from '../../../lib/shipping-profile-text';
import { useListShipFromAddressesQuery } from '../api';
import { useDeleteShippingProfileMutation, useListShippingProfilesQuery, useUpdateShippingProfileMutation } from '../shipping-profiles-api';
import { ProfileForm, requestOf } from './shipping-profile-form';

// The Shipping profiles section of /seller/settings (docs/product/shipping.md): what buyers pay to have the
// shop's listings shipped and how soon they leave. Each listing ships with the default profile unless its
// form names another; a shop with none charges the marketplace's standard rate.

function ProfileCard({
  profile,
  defaultAddress,
  isMakingDefault,
  onEdit,
  onMakeDefault,
  onDelete,
}: {
  profile: ShippingProfile;
  defaultAddress: Address | null | undefined;
  isMakingDefault: boolean;
  onEdit: () => void;
  onMakeDefault: () => void;
  onDelete: () => void;
}) {
  const { shipFrom, box } = profile;
  const line = 'flex gap-2';
  const icon = 'mt-0.5 size-4 shrink-0 text-slate-400';
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 [overflow-wrap:anywhere]">
          {profile.name}
          {profile.isDefault && <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">Default</span>}
        </h3>
        <ul className="mt-2 grid gap-1 text-sm text-slate-600">
          <li className={`${line} font-medium text-slate-800`}>
            <Tag className={icon} aria-hidden />
            {shippingRateText(profile.rate)}
          </li>
          <li className={line}>
            <Clock className={icon} aria-hidden />
            {handlingText(profile.handlingDays)}
          </li>
          <li className={line}>
            <MapPin className={icon} aria-hidden />
            <span>
              {shipFrom
                ? `Ships from ${shipFrom.city}, ${shipFrom.state} ${shipFrom.postal_code}`
                : defaultAddress
                  ? `Ships from your default address (${defaultAddress.city}, ${defaultAddress.state} ${defaultAddress.postal_code})`
                  : 'Ships from your default address'}
            </span>
          </li>
          {box && (
            <li className={line}>
              <Package className={icon} aria-hidden />
              {`Box ${box.length} × ${box.width} × ${box.height} in`}
            </li>
          )}
          <li className={line}>
            <Truck className={icon} aria-hidden />
            {profile.listingCount === 0 ? 'No listings use it yet' : `Used by ${pluralise(profile.listingCount, 'listing')}`}
          </li>
        </ul>
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        <Button size="sm" variant="secondary" onClick={onEdit}>
          Edit <span className="sr-only">{profile.name}</span>
        </Button>
        {!profile.isDefault && (
          <Button size="sm" variant="secondary" onClick={onMakeDefault} isBusy={isMakingDefault}>
            Make default <span className="sr-only">{profile.name}</span>
          </Button>
        )}
        <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={onDelete}>
          Delete <span className="sr-only">{profile.name}</span>
        </Button>
      </div>
    </div>
  );
}

/** What deleting a profile does to the listings that ship with it. */
function deleteConsequence(profile: ShippingProfile, profiles: readonly ShippingProfile[], standardRate: string): string {
  const count = profile.listingCount;
  if (profiles.length === 1) return `Your shop will charge the standard rate again: ${standardRate}.`;
  const fallback = profiles.find((candidate) => candidate.isDefault && candidate.id !== profile.id);
  if (!fallback) return `“${profile.name}” is your default profile${count === 0 ? '.' : `, used by ${pluralise(count, 'listing')}.`}`;
  return count === 0 ? 'No listings use it.' : `Its ${pluralise(count, 'listing')} will ship with your default profile, “${fallback.name}”, instead.`;
}

export function ShippingProfilesSection() {
  // Asked again each time the page opens: a listing saved elsewhere changes the counts.
  const list = useListShippingProfilesQuery(undefined, { refetchOnMountOrArgChange: true });
  const addresses = useListShipFromAddressesQuery();
  const [editing, setEditing] = useState<ShippingProfile | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ShippingProfile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [updateProfile, updating] = useUpdateShippingProfileMutation();
  const [deleteProfile, { isLoading: isDeleting }] = useDeleteShippingProfileMutation();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const profiles = list.data?.profiles ?? [];
  const defaultAddress = addresses.isLoading ? undefined : (addresses.data?.find((address) => address.isDefault) ?? null);
  const isFull = profiles.length >= SHIPPING_PROFILE_LIMITS.profilesPerSeller;

  function open(target: ShippingProfile | 'new') {
    setProblem(null);
    setEditing(target);
  }

  function close() {
    setEditing(null);
    // A first profile replaces the button that opened its form: the focus goes back to the section.
    requestAnimationFrame(() => {
      if (!headingRef.current?.closest('section')?.contains(document.activeElement)) headingRef.current?.focus();
    });
  }

  async function makeDefault(profile: ShippingProfile) {
    setProblem(null);
    try {
      await updateProfile({ id: profile.id, body: { ...requestOf(profile), isDefault: true } }).unwrap();
      toast.success(`“${profile.name}” is now your default shipping profile`);
    } catch (error) {
      setProblem(describeApiError(error).message);
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await deleteProfile(deleting.id).unwrap();
      toast.success(`“${deleting.name}” deleted`);
      if (editing !== null && editing !== 'new' && editing.id === deleting.id) setEditing(null);
    } catch (error) {
      setProblem(describeApiError(error).message);
    }
    setDeleting(null);
  }

  const addButton = (
    <Button size="sm" onClick={() => open('new')} disabled={isFull}>
      <Plus className="size-4" aria-hidden />
      Add a shipping profile
    </Button>
  );
  const form = (profile: ShippingProfile | null) => (
    <ProfileForm key={profile?.id ?? 'new'} profile={profile} isFirst={profiles.length === 0} defaultAddress={defaultAddress} onClose={close} />
  );

  return (
    <section aria-labelledby="shipping-profiles-title" id="shipping-profiles" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="shipping-profiles-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
            Shipping profiles
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            What buyers pay for shipping and how soon you send their parcels. Listings ship with your default profile unless you choose another on the listing.
          </p>
        </div>
        {profiles.length > 0 && <div className="shrink-0">{addButton}</div>}
      </div>
      <div className="mt-4 grid gap-3">
        {problem && <Alert tone="error">{problem}</Alert>}
        {list.isLoading ? (
          <LoadingState label="Loading your shipping profiles…" />
        ) : list.isError || !list.data ? (
          <LoadError title="Your shipping profiles could not be loaded" error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
        ) : profiles.length === 0 ? (
          <>
            <EmptyState title="No shipping profiles yet" action={editing === null ? addButton : undefined}>
              Your shop charges the standard rate today: {list.data.standardRate}.
            </EmptyState>
            {editing === 'new' && form(null)}
          </>
        ) : (
          <>
            <ul className="grid gap-3">
              {profiles.map((profile) => (
                <li key={profile.id} className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:p-4">
                  <ProfileCard
                    profile={profile}
                    defaultAddress={defaultAddress}
                    isMakingDefault={updating.isLoading && updating.originalArgs?.id === profile.id}
                    onEdit={() => open(profile)}
                    onMakeDefault={() => void makeDefault(profile)}
                    onDelete={() => {
                      setProblem(null);
                      setDeleting(profile);
                    }}
                  />
                  {editing !== null && editing !== 'new' && editing.id === profile.id && form(profile)}
                </li>
              ))}
            </ul>
            {editing === 'new' && form(null)}
            {isFull && <p className="text-sm text-slate-600">A shop can have at most {SHIPPING_PROFILE_LIMITS.profilesPerSeller} shipping profiles.</p>}
          </>
        )}
      </div>
      <ConfirmDialog
        isOpen={deleting !== null}
        title={`Delete “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete profile"
        confirmVariant="danger"
        isBusy={isDeleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {deleting && list.data ? deleteConsequence(deleting, profiles, list.data.standardRate) : ''}
      </ConfirmDialog>
    </section>
  );
}
