import { toast } from '../../../../components/toast';
import { updateAdminSettingsRequestSchema, type AdminSettings } from '@marketplace/contracts/workspace';
import { Alert } from '../../../../components/alert';
import { Button } from '../../../../components/button';
import { TextField } from '../../../../components/field';
import { LoadError, LoadingState } from '../../../../components/list-states';
import { formatDateTime } from '../../../../lib/format';
import { useGetAdminSettingsQuery, useUpdateAdminSettingsMutation } from './settings-api';
import { useForm } from '../../../../lib/use-form';

function valuesOf(settings: AdminSettings) {
  return {
    marketplaceName: settings.marketplaceName,
    supportEmail: settings.supportEmail,
    supportPhone: settings.supportPhone,
  };
}

function SettingsFields({ settings }: { settings: AdminSettings }) {
  // The API's rules, checked before sending so the admin sees every problem at once.
  const form = useForm({ initialValues: () => valuesOf(settings), schema: updateAdminSettingsRequestSchema });
  const [updateSettings, { isLoading }] = useUpdateAdminSettingsMutation();

  const submit = form.handleSubmit(async (request) => {
    const saved = await updateSettings(request).unwrap();
    form.setValues(valuesOf(saved));
    toast.success('Settings saved');
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Marketplace name" className="sm:col-span-2" {...form.field('marketplaceName')} maxLength={60} />
        <TextField label="Support email" type="email" autoComplete="off" {...form.field('supportEmail')} hint="Shown to sellers on Help & Support." />
        <TextField label="Support phone" type="tel" autoComplete="off" {...form.field('supportPhone')} maxLength={30} hint="Answered weekdays, 9am-5pm EST." />
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-500">Last saved {formatDateTime(settings.updatedAt)}</p>
        <Button type="submit" isBusy={isLoading} className="w-full sm:w-auto">
          Save settings
        </Button>
      </div>
    </form>
  );
}

export function MarketplaceSettingsForm() {
  const settings = useGetAdminSettingsQuery();
  return (
    <section aria-labelledby="marketplace-settings-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="marketplace-settings-title" className="text-lg font-semibold text-slate-900">
        Marketplace
      </h2>
      <p className="mt-1 text-sm text-slate-600">The name and the support contact sellers see on Help &amp; Support.</p>
      {settings.isLoading ? (
        <div className="mt-4">
          <LoadingState label="Loading settings…" />
        </div>
      ) : settings.isError || !settings.data ? (
        <div className="mt-4">
          <LoadError title="Settings could not be loaded" error={settings.error} onRetry={() => void settings.refetch()} isRetrying={settings.isFetching} />
        </div>
      ) : (
        <SettingsFields key={settings.data.updatedAt} settings={settings.data} />
      )}
    </section>
  );
}
