import { ProfileSections } from '../components/profile-sections';

// Sellers keep an address book too: its default address is the ship-from address on UPS labels
// (the shipping module asks sellers to add one here), and /seller/settings links to it.
export function SellerProfilePage() {
  return <ProfileSections description="Your name, company, email, password and the ship-from address printed on your UPS labels." hasAddressBook />;
}
