import { LoadError, LoadingState } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { useGetProfileQuery } from '../api';
import { AddressBook } from './address-book';
import { ChangeEmailForm } from './change-email-form';
import { PasswordForm } from './password-form';
import { PersonalDetailsForm } from './personal-details-form';

/** The profile page for both areas; buyers also keep an address book. */
export function ProfileSections({ description, hasAddressBook }: { description: string; hasAddressBook: boolean }) {
  const profile = useGetProfileQuery();
  return (
    <div className="space-y-6">
      <PageHeader title="Profile" description={description} />
      {profile.isLoading ? (
        <LoadingState label="Loading your profile…" />
      ) : profile.isError || !profile.data ? (
        <LoadError title="Your profile could not be loaded" error={profile.error} onRetry={() => void profile.refetch()} isRetrying={profile.isFetching} />
      ) : (
        <div className="grid max-w-4xl gap-6">
          <PersonalDetailsForm key={profile.data.user.id} user={profile.data.user} />
          <ChangeEmailForm key={profile.data.user.email} currentEmail={profile.data.user.email} />
          {hasAddressBook && <AddressBook />}
          <PasswordForm />
        </div>
      )}
    </div>
  );
}
