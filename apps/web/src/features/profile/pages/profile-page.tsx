import { ProfileSections } from '../components/profile-sections';

export function ProfilePage() {
  return <ProfileSections description="Your name, email, password and delivery addresses." hasAddressBook />;
}
