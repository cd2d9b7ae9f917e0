import { PageHeader } from '../../../components/page-header';

export function HelpAndSupportPage() {
  return <PageHeader title="Help & Support" description="Guides to each part of the seller centre, and how to reach us." />;
}
