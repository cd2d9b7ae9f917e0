import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MessageCircle } from 'lucide-react';
import { toast } from '../../../components/toast';
import type { ProductDetail } from '@marketplace/contracts/catalog';
import type { StartChatRequest, StartChatResponse } from '@marketplace/contracts/chat';
import { Button } from '../../../components/button';
import { describeApiError } from '../../../lib/api-error';
import { api } from '../../../lib/api';

// A buyer's order lines do not name their seller (contracts/orders), so the product tells us who sold
// it; then POST /api/chat opens (or reuses) the conversation about this order. Features never import
// each other, so these two calls are declared here rather than borrowed from catalog or chat.
const orderChatApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrderItemSellerId: build.query<string, string>({
      query: (productId) => `/products/${encodeURIComponent(productId)}`,
      transformResponse: (product: ProductDetail) => product.seller.id,
    }),
    startOrderChat: build.mutation<StartChatResponse, StartChatRequest>({
      query: (body) => ({ url: '/chat', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Chat', id: 'LIST' }]),
    }),
  }),
});

/** "Message seller" on an order line: opens the conversation with that line's seller about the order. */
export function MessageSellerButton({ orderId, productId, itemTitle }: { orderId: string; productId: string; itemTitle: string }) {
  const navigate = useNavigate();
  const [findSeller] = orderChatApi.useLazyGetOrderItemSellerIdQuery();
  const [startChat] = orderChatApi.useStartOrderChatMutation();
  const [isOpening, setIsOpening] = useState(false);

  async function open() {
    setIsOpening(true);
    try {
      const sellerId = await findSeller(productId, true).unwrap();
      const { chat } = await startChat({ sellerId, orderId }).unwrap();
      await navigate(`/user/chats?chat=${encodeURIComponent(chat.id)}`);
    } catch (error) {
      toast.error(describeApiError(error).message);
      setIsOpening(false);
    }
  }

  return (
    <Button variant="ghost" size="sm" className="-ml-2" aria-label={`Message seller about ${itemTitle}`} isBusy={isOpening} onClick={() => void open()}>
      <MessageCircle className="size-4" aria-hidden />
      Message seller
    </Button>
  );
}
