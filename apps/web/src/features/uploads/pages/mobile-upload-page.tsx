import { PageHeader } from '../../../components/page-header';

/** Reached from the QR code on the desktop listing form (SPEC §2.5); no login needed. */
export function MobileUploadPage() {
  return <PageHeader title="Upload Photos" description="Add photos to your product listing straight from your phone’s camera." />;
}
