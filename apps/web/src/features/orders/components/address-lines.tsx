import type { SellerShippingAddress } from '../api';

/** A shipping address as it goes on a label. */
export function AddressLines({ address }: { address: SellerShippingAddress }) {
  return (
    <address className="text-sm leading-6 text-slate-700 not-italic">
      <span className="font-medium text-slate-900">{address.name}</span>
      <br />
      {address.line1}
      {address.line2 && (
        <>
          <br />
          {address.line2}
        </>
      )}
      <br />
      {address.city}, {address.state} {address.postalCode}
      <br />
      {address.countryCode}
    </address>
  );
}
