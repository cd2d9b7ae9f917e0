import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Plus } from 'lucide-react';
import { Button } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { DisputesListSection } from '../components/disputes-list-section';
import { OpenDisputeForm } from '../components/open-dispute-form';

const casePath = (id: string) => `/orderDisputes/${id}`;

export function OrderDisputesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const preselected = searchParams.get('orderItemId') ?? undefined;
  // A link with ?orderItemId= (from an order) opens the form straight away.
  const [isFormOpen, setIsFormOpen] = useState(Boolean(preselected));
  const navigate = useNavigate();

  function closeForm() {
    setIsFormOpen(false);
    if (preselected) {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        next.delete('orderItemId');
        return next;
      });
    }
  }

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Disputes"
        description="Problems you have raised with an order, and how each one is being resolved."
        actions={
          !isFormOpen && (
            <Button onClick={() => setIsFormOpen(true)}>
              <Plus className="size-4" aria-hidden />
              Open a dispute
            </Button>
          )
        }
      />
      {isFormOpen && (
        <section aria-labelledby="open-dispute-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <h2 id="open-dispute-heading" className="text-lg font-semibold text-slate-900">
            Open a dispute
          </h2>
          <p className="mt-1 mb-4 text-sm text-slate-600">
            Tell the seller what went wrong with an item. They can offer a refund; if you cannot agree, the marketplace decides.
          </p>
          <OpenDisputeForm preselectedOrderItemId={preselected} onCancel={closeForm} onOpened={(dispute) => void navigate(casePath(dispute.id))} />
        </section>
      )}
      <DisputesListSection casePath={casePath} parties="seller" emptyText="You have not opened any dispute." />
    </div>
  );
}
