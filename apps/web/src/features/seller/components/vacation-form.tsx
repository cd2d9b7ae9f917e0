import { setVacationRequestSchema, type Vacation } from '@marketplace/contracts/shops';
import { calendarDateLabel, VACATION_MESSAGE_MAX_LENGTH } from '@marketplace/domain/vacation';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { LoadError, LoadingState } from '../../../components/list-states';
import { TextAreaField } from '../../../components/text-area-field';
import { toast } from '../../../components/toast';
import { describeApiError } from '../../../lib/api-error';
import { useForm } from '../../../lib/use-form';
import { useEndVacationMutation, useGetVacationQuery, useSetVacationMutation } from '../vacation-api';

// The Vacation section of /seller/settings (docs/product/shops.md): while the shop is away its listings stay
// visible but cannot be bought; it opens again by itself on the day set, or at once with "End vacation".

function AwayNow({ vacation }: { vacation: Vacation }) {
  const [endVacation, { isLoading }] = useEndVacationMutation();
  async function end() {
    try {
      await endVacation().unwrap();
      toast.success('Your shop is open again');
    } catch (error) {
      toast.error(describeApiError(error).message);
    }
  }
  return (
    <div className="mt-4 space-y-3">
      <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
        Your shop is away until <strong>{calendarDateLabel(vacation.until)}</strong>. Buyers see your listings but cannot buy them until then; your open orders
        go on as usual.
        {vacation.message && <span className="mt-1 block whitespace-pre-line [overflow-wrap:anywhere]">Your message: “{vacation.message}”</span>}
      </p>
      <div className="flex justify-end">
        <Button variant="secondary" isBusy={isLoading} onClick={() => void end()} className="w-full sm:w-auto">
          End vacation now
        </Button>
      </div>
    </div>
  );
}

function GoAway() {
  const form = useForm({ initialValues: { until: '', message: '' }, schema: setVacationRequestSchema });
  const [setVacation, { isLoading }] = useSetVacationMutation();
  const submit = form.handleSubmit(async (request) => {
    try {
      const { vacation } = await setVacation(request).unwrap();
      toast.success(`Your shop is away until ${calendarDateLabel(vacation?.until ?? request.until)}`);
    } catch (error) {
      toast.error(form.showServerError(error).message);
    }
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 grid gap-4">
      <TextField
        label="Open again on"
        type="date"
        {...form.field('until')}
        hint="Buyers cannot buy your listings until this day (US Eastern time)."
        className="sm:max-w-xs"
      />
      <TextAreaField label="Message for buyers (optional)" {...form.field('message')} counterMax={VACATION_MESSAGE_MAX_LENGTH} rows={3} />
      <div className="flex justify-end">
        <Button type="submit" isBusy={isLoading} className="w-full sm:w-auto">
          Start vacation
        </Button>
      </div>
    </form>
  );
}

export function VacationForm() {
  const vacation = useGetVacationQuery();
  return (
    <section aria-labelledby="vacation-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="vacation-title" className="text-lg font-semibold text-slate-900">
        Vacation
      </h2>
      <p className="mt-1 text-sm text-slate-600">Closing for a while? Your listings stay visible and selling resumes by itself on the day you choose.</p>
      {vacation.isLoading ? (
        <div className="mt-4">
          <LoadingState label="Loading your vacation…" />
        </div>
      ) : vacation.isError || !vacation.data ? (
        <div className="mt-4">
          <LoadError
            title="Your vacation could not be loaded"
            error={vacation.error}
            onRetry={() => void vacation.refetch()}
            isRetrying={vacation.isFetching}
          />
        </div>
      ) : vacation.data.vacation ? (
        <AwayNow vacation={vacation.data.vacation} />
      ) : (
        <GoAway />
      )}
    </section>
  );
}
