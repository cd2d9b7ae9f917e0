import { PageHeader } from '../../../components/page-header';
import { ChatsScreen } from '../components/chats-screen';

export function SellerChatsPage() {
  return (
    <div className="space-y-4">
      <PageHeader title="Messages" description="Conversations with buyers about your products and orders." />
      <ChatsScreen role="seller" />
    </div>
  );
}
