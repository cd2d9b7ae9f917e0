import { ProfileSections } from '../components/profile-sections';

export function SellerProfilePage() {
  return <ProfileSections description="Your name, company, email and password for signing in." hasAddressBook={false} />;
}
