import { PageHeader } from '../../../components/page-header';
import { ChatsScreen } from '../components/chats-screen';

export function BuyerChatsPage() {
  return (
    <div className="space-y-4">
      <PageHeader title="Messages" description="Conversations with sellers about products and orders." />
      <ChatsScreen role="buyer" />
    </div>
  );
}
