import { PageHeader } from '../../../components/page-header';

export function BuyerChatsPage() {
  return <PageHeader title="Messages" description="Conversations with sellers about products and orders." />;
}
