import type { FormEvent } from 'react';
import { toast } from '../../../../components/toast';
import { SETTINGS_MESSAGES, SUPPORT_PHONE_PATTERN, type AdminSettings } from '@marketplace/contracts/workspace';
import { Alert } from '../../../../components/alert';
import { Button } from '../../../../components/button';
import { TextField } from '../../../../components/field';
import { LoadError, LoadingState } from '../../../../components/list-states';
import { describeApiError } from '../../../../lib/api-error';
import { formatDateTime } from '../../../../lib/format';
import { useGetAdminSettingsQuery, useUpdateAdminSettingsMutation } from './settings-api';
import { useFormFields } from '../../../../lib/use-form-fields';

type Field = 'marketplaceName' | 'supportEmail' | 'supportPhone';
type Values = Record<Field, string>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The API's rules, checked before sending so the admin sees every problem at once. */
function validate(values: Values): Partial<Values> {
  const errors: Partial<Values> = {};
  const name = values.marketplaceName.trim();
  if (name.length < 2 || name.length > 60) errors.marketplaceName = SETTINGS_MESSAGES.marketplaceName;
  if (!EMAIL_PATTERN.test(values.supportEmail.trim())) errors.supportEmail = SETTINGS_MESSAGES.supportEmail;
  if (!SUPPORT_PHONE_PATTERN.test(values.supportPhone.trim())) errors.supportPhone = SETTINGS_MESSAGES.supportPhone;
  return errors;
}

function valuesOf(settings: AdminSettings): Values {
  return {
    marketplaceName: settings.marketplaceName,
    supportEmail: settings.supportEmail,
    supportPhone: settings.supportPhone,
  };
}

function SettingsFields({ settings }: { settings: AdminSettings }) {
  const { values, setValues, errors, setErrors, serverError, setServerError, change } = useFormFields<Field>(() => valuesOf(settings));
  const [updateSettings, { isLoading }] = useUpdateAdminSettingsMutation();


  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await updateSettings({
        marketplaceName: values.marketplaceName.trim(),
        supportEmail: values.supportEmail.trim(),
        supportPhone: values.supportPhone.trim(),
      }).unwrap();
      setValues(valuesOf(saved));
      toast.success('Settings saved');
    } catch (error) {
      const details = describeApiError(error);
      setServerError(details.message);
      setErrors(details.fieldErrors as Partial<Values>);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4">
      {serverError && <Alert tone="error">{serverError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Marketplace name" className="sm:col-span-2" value={values.marketplaceName} maxLength={60} error={errors.marketplaceName} onChange={(event) => change('marketplaceName', event.target.value)} />
        <TextField label="Support email" type="email" autoComplete="off" value={values.supportEmail} error={errors.supportEmail} onChange={(event) => change('supportEmail', event.target.value)} hint="Shown to sellers on Help & Support." />
        <TextField label="Support phone" type="tel" autoComplete="off" value={values.supportPhone} maxLength={30} error={errors.supportPhone} onChange={(event) => change('supportPhone', event.target.value)} hint="Answered weekdays, 9am-5pm EST." />
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
