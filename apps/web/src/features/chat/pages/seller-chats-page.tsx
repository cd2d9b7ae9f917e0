import { PageHeader } from '../../../components/page-header';

export function SellerChatsPage() {
  return <PageHeader title="Messages" description="Conversations with buyers about your products and orders." />;
}
