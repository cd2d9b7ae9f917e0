import { toast } from '../../../components/toast';
import {
  NOTIFICATION_PREFERENCE_KEYS,
  notificationPreferencesSchema,
  type NotificationPreferenceKey,
  type NotificationPreferences,
} from '@marketplace/contracts/workspace';
import { Button } from '../../../components/button';
import { LoadError, LoadingState } from '../../../components/list-states';
import { describeApiError } from '../../../lib/api-error';
import { useForm } from '../../../lib/use-form';
import { useGetNotificationPreferencesQuery, useUpdateNotificationPreferencesMutation } from '../api';

const PREFERENCE_TEXT: Record<NotificationPreferenceKey, { label: string; description: string }> = {
  newOrder: { label: 'New orders', description: 'When a buyer pays for one of your items.' },
  newMessage: { label: 'New messages', description: 'When a buyer writes to you in Messages.' },
  payoutSent: { label: 'Payouts sent', description: 'When a payout for a shipped item is on its way.' },
  disputeOpened: { label: 'Disputes', description: 'When a buyer opens a dispute about an order.' },
  weeklySummary: { label: 'Weekly summary', description: 'A Monday email with last week’s sales and orders.' },
};

function Toggle({ preference, isOn, onChange }: { preference: NotificationPreferenceKey; isOn: boolean; onChange: (isOn: boolean) => void }) {
  const { label, description } = PREFERENCE_TEXT[preference];
  const descriptionId = `preference-${preference}-description`;
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900">{label}</p>
        <p id={descriptionId} className="text-sm text-slate-600">
          {description}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={isOn}
        aria-label={label}
        aria-describedby={descriptionId}
        onClick={() => onChange(!isOn)}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${isOn ? 'bg-brand-700' : 'bg-slate-300'}`}
      >
        <span className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${isOn ? 'translate-x-5.5' : 'translate-x-0.5'}`} aria-hidden />
      </button>
    </li>
  );
}

function PreferencesFields({ saved }: { saved: NotificationPreferences }) {
  const form = useForm({ initialValues: saved, schema: notificationPreferencesSchema });
  const [updatePreferences, { isLoading }] = useUpdateNotificationPreferencesMutation();
  const isChanged = NOTIFICATION_PREFERENCE_KEYS.some((key) => form.values[key] !== saved[key]);

  const submit = form.handleSubmit(async (preferences) => {
    try {
      form.setValues(await updatePreferences(preferences).unwrap());
      toast.success('Notification preferences saved');
    } catch (error) {
      toast.error(describeApiError(error).message);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} className="mt-2">
      <ul className="divide-y divide-slate-100">
        {NOTIFICATION_PREFERENCE_KEYS.map((key) => (
          <Toggle key={key} preference={key} isOn={form.values[key]} onChange={(isOn) => form.setValue(key, isOn)} />
        ))}
      </ul>
      <div className="mt-3 flex justify-end">
        <Button type="submit" isBusy={isLoading} disabled={!isChanged} className="w-full sm:w-auto">
          Save preferences
        </Button>
      </div>
    </form>
  );
}

/** Which emails the seller gets; saved all at once. */
export function NotificationPreferencesForm() {
  const preferences = useGetNotificationPreferencesQuery();
  return (
    <section aria-labelledby="notifications-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="notifications-title" className="text-lg font-semibold text-slate-900">
        Email notifications
      </h2>
      <p className="mt-1 text-sm text-slate-600">Choose what we email you about.</p>
      {preferences.isLoading ? (
        <div className="mt-4">
          <LoadingState label="Loading your preferences…" />
        </div>
      ) : preferences.isError || !preferences.data ? (
        <div className="mt-4">
          <LoadError
            title="Your preferences could not be loaded"
            error={preferences.error}
            onRetry={() => void preferences.refetch()}
            isRetrying={preferences.isFetching}
          />
        </div>
      ) : (
        <PreferencesFields saved={preferences.data} />
      )}
    </section>
  );
}
