import { PostalAddress } from '../../../components/postal-address';
import type { SellerShippingAddress } from '../api';

/** The seller API's shipping address (postalCode, countryCode) as an address block. */
export function AddressLines({ address }: { address: SellerShippingAddress }) {
  return <PostalAddress address={{ ...address, country: address.countryCode }} />;
}
