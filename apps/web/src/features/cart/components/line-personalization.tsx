import { useState } from 'react';
import { z } from 'zod';
import { PenLine } from 'lucide-react';
import { normalizePersonalization, personalizationProblem } from '@marketplace/domain/personalization';
import { Button } from '../../../components/button';
import { TextAreaField } from '../../../components/text-area-field';
import { describeApiError } from '../../../lib/api-error';
import { useForm, type FormSchema } from '../../../lib/use-form';
import type { CartResponse } from '@marketplace/contracts/cart';
import { api } from '../../../lib/api';
import { snapshotOf, syncWithAnswer } from '../api';
import type { CartItem, WithCart } from '../slice';

/**
 * PUT /api/cart/items/:id/personalization: the line's new text; the cart is the server's answer. Declared with
 * the one component that uses it, so its code comes with the cart's lines, not with every page's first load.
 */
const personalizationApi = api.injectEndpoints({
  endpoints: (build) => ({
    setCartItemPersonalization: build.mutation<CartResponse, { id: string; personalization: string | null }>({
      query: ({ id, personalization }) => ({ url: `/cart/items/${encodeURIComponent(id)}/personalization`, method: 'PUT', body: { personalization } }),
      invalidatesTags: ['CheckoutSummary'],
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        await syncWithAnswer(dispatch, queryFulfilled, snapshotOf((getState() as unknown as WithCart).cart));
      },
    }),
  }),
});

// A cart line's personalisation (docs/product/listings.md "Personalisation"): what the buyer wrote, which they
// may change here, and what a line still needs when its listing started asking after it was added.

/** The listing's rule (the domain's), read from the text typed; the message is the one the API gives. */
function textSchema(setting: NonNullable<CartItem['personalization_setting']>): FormSchema<{ personalization: string | null }> {
  return z.object({ personalization: z.string() }).transform((values, context) => {
    const text = normalizePersonalization(values.personalization);
    const problem = personalizationProblem(setting, text);
    if (problem) context.addIssue({ code: 'custom', path: ['personalization'], message: problem.message });
    return { personalization: text };
  });
}

function EditForm({ item, setting, onDone }: { item: CartItem; setting: NonNullable<CartItem['personalization_setting']>; onDone: () => void }) {
  const [save, { isLoading }] = personalizationApi.useSetCartItemPersonalizationMutation();
  const form = useForm({ initialValues: { personalization: item.personalization ?? '' }, schema: textSchema(setting) });
  const handleSubmit = form.handleSubmit(async (body) => {
    try {
      await save({ id: item.id, personalization: body.personalization }).unwrap();
      onDone();
    } catch (error) {
      form.showErrors({ personalization: describeApiError(error).message });
    }
  });
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="mt-2 space-y-2">
      <TextAreaField
        label={`Personalisation for ${item.title ?? 'this item'}`}
        rows={2}
        hint={setting.instructions || undefined}
        counterMax={setting.maxLength}
        autoFocus
        {...form.field('personalization')}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" isBusy={isLoading}>
          Save
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function LinePersonalization({ item }: { item: CartItem }) {
  const [isEditing, setIsEditing] = useState(false);
  const setting = item.personalization_setting ?? null;
  const isMissing = setting?.required === true && !item.personalization;
  if (setting === null && !item.personalization) return null;
  if (isEditing && setting) return <EditForm item={item} setting={setting} onDone={() => setIsEditing(false)} />;
  return (
    <div className="mt-1 text-xs">
      {item.personalization && (
        <p className="break-words whitespace-pre-line text-slate-700">
          <span className="font-medium">Personalisation:</span> {item.personalization}
        </p>
      )}
      {isMissing && <p className="font-medium text-red-700">This item needs your personalisation before you check out.</p>}
      {setting && !item.id.startsWith('pending-') && (
        <button
          type="button"
          className="mt-0.5 inline-flex items-center gap-1 rounded font-medium text-brand-700 hover:text-brand-800"
          onClick={() => setIsEditing(true)}
        >
          <PenLine className="size-3.5" aria-hidden />
          {item.personalization ? 'Edit personalisation' : 'Add personalisation'}
          <span className="sr-only"> for {item.title ?? 'this item'}</span>
        </button>
      )}
    </div>
  );
}
