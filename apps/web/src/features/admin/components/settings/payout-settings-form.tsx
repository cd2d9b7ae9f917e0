import { z } from 'zod';
import { SETTINGS_MESSAGES, updateAdminSettingsRequestSchema, type AdminSettings } from '@marketplace/contracts/workspace';
import { PAYOUT_DELAY_DAYS_MAX, PAYOUT_DELAY_DAYS_MIN } from '@marketplace/domain/earnings';
import { Alert } from '../../../../components/alert';
import { Button } from '../../../../components/button';
import { TextField } from '../../../../components/field';
import { LoadError, LoadingState } from '../../../../components/list-states';
import { toast } from '../../../../components/toast';
import { useForm } from '../../../../lib/use-form';
import { useGetAdminSettingsQuery, useUpdateAdminSettingsMutation } from './settings-api';

// Payout on delivery (docs/product/payouts.md): on, each item is paid automatically the chosen number of
// days after the carrier reports it delivered, unless a dispute or a return is open; off, admins pay each
// item with Process Payout on Shipped Orders.

/** The API's rules for the two payout fields; the delay is typed as text and must be a whole number of days. */
const payoutFormSchema = z.object({
  payoutOnDelivery: z.boolean(),
  payoutDelayDays: z
    .string()
    .trim()
    .regex(/^\d+$/, SETTINGS_MESSAGES.payoutDelayDays)
    .transform(Number)
    .pipe(updateAdminSettingsRequestSchema.shape.payoutDelayDays.unwrap()),
});

function valuesOf(settings: AdminSettings) {
  return { payoutOnDelivery: settings.payoutOnDelivery, payoutDelayDays: String(settings.payoutDelayDays) };
}

function PayoutFields({ settings }: { settings: AdminSettings }) {
  const form = useForm({ initialValues: () => valuesOf(settings), schema: payoutFormSchema });
  const [updateSettings, { isLoading }] = useUpdateAdminSettingsMutation();
  const isOn = form.values.payoutOnDelivery;
  const isChanged = isOn !== settings.payoutOnDelivery || form.values.payoutDelayDays.trim() !== String(settings.payoutDelayDays);

  const submit = form.handleSubmit(async ({ payoutOnDelivery, payoutDelayDays }) => {
    // The name and contact go back as they are saved: this form changes only the payout mode.
    await updateSettings({
      marketplaceName: settings.marketplaceName,
      supportEmail: settings.supportEmail,
      supportPhone: settings.supportPhone,
      payoutOnDelivery,
      payoutDelayDays,
    }).unwrap();
    toast.success('Payout settings saved');
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p id="payout-on-delivery-label" className="text-sm font-medium text-slate-900">
            Payout on delivery
          </p>
          <p id="payout-on-delivery-description" className="text-sm text-slate-600">
            {isOn
              ? 'Items are paid automatically after delivery, unless a dispute or return is open.'
              : 'Off: you pay each item with Process Payout on Shipped Orders.'}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={isOn}
          aria-labelledby="payout-on-delivery-label"
          aria-describedby="payout-on-delivery-description"
          onClick={() => form.setValue('payoutOnDelivery', !isOn)}
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${isOn ? 'bg-brand-700' : 'bg-slate-300'}`}
        >
          <span
            className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${isOn ? 'translate-x-5.5' : 'translate-x-0.5'}`}
            aria-hidden
          />
        </button>
      </div>
      <TextField
        label="Days after delivery"
        className="max-w-xs"
        type="number"
        inputMode="numeric"
        min={PAYOUT_DELAY_DAYS_MIN}
        max={PAYOUT_DELAY_DAYS_MAX}
        step={1}
        {...form.field('payoutDelayDays')}
        hint={`${PAYOUT_DELAY_DAYS_MIN} to ${PAYOUT_DELAY_DAYS_MAX} days; used while payout on delivery is on.`}
      />
      <div className="flex justify-end">
        <Button type="submit" isBusy={isLoading} disabled={!isChanged} className="w-full sm:w-auto">
          Save payout settings
        </Button>
      </div>
    </form>
  );
}

export function PayoutSettingsForm() {
  const settings = useGetAdminSettingsQuery();
  return (
    <section aria-labelledby="payout-settings-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="payout-settings-title" className="text-lg font-semibold text-slate-900">
        Payouts
      </h2>
      <p className="mt-1 text-sm text-slate-600">How sellers are paid for what they sold.</p>
      {settings.isLoading ? (
        <div className="mt-4">
          <LoadingState label="Loading settings…" />
        </div>
      ) : settings.isError || !settings.data ? (
        <div className="mt-4">
          <LoadError title="Settings could not be loaded" error={settings.error} onRetry={() => void settings.refetch()} isRetrying={settings.isFetching} />
        </div>
      ) : (
        <PayoutFields key={settings.data.updatedAt} settings={settings.data} />
      )}
    </section>
  );
}
