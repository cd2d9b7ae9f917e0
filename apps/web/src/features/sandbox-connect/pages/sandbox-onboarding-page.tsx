import { useState } from 'react';
import { ArrowLeft, Building2, Landmark, ShieldCheck } from 'lucide-react';
import {
  SANDBOX_TEST_ACCOUNT_NUMBER,
  SANDBOX_TEST_ROUTING_NUMBER,
  sandboxOnboardingBodySchema,
  type SandboxLinkResponse,
} from '@marketplace/contracts/payouts';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { Spinner } from '../../../components/spinner';
import { describeApiError } from '../../../lib/api-error';
import { useForm } from '../../../lib/use-form';
import { useCompleteSandboxOnboardingMutation } from '../api';
import { SandboxChrome } from './sandbox-chrome';

type FieldName = 'businessType' | 'businessName' | 'routingNumber' | 'accountNumber';
type FieldErrors = Partial<Record<FieldName, string>>;

const FIELD_NAMES: readonly FieldName[] = ['businessType', 'businessName', 'routingNumber', 'accountNumber'];
const SUBMIT_FAILED = 'Could not save your details. Please try again.';
const NETWORK_FAILED = 'Network error. Please try again.';

function isFieldName(value: unknown): value is FieldName {
  return typeof value === 'string' && (FIELD_NAMES as readonly string[]).includes(value);
}

/** A 400 answers `{ error, details? }` (or the app's usual `issues`); read field messages from either. */
function serverFieldErrors(data: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (typeof data !== 'object' || data === null) return errors;
  const { details, issues } = data as { details?: unknown; issues?: unknown };
  for (const list of [details, issues]) {
    if (Array.isArray(list)) {
      for (const entry of list) {
        const path = (entry as { path?: unknown }).path;
        const field = Array.isArray(path) ? path[0] : path;
        const message = (entry as { message?: unknown }).message;
        if (isFieldName(field) && typeof message === 'string' && !errors[field]) errors[field] = message;
      }
    } else if (typeof list === 'object' && list !== null) {
      for (const [field, message] of Object.entries(list)) {
        const text = Array.isArray(message) ? message[0] : message;
        if (isFieldName(field) && typeof text === 'string' && !errors[field]) errors[field] = text;
      }
    }
  }
  return errors;
}

function submitErrorMessage(error: unknown): string {
  const { isNetworkError, serverMessage } = describeApiError(error);
  return isNetworkError ? NETWORK_FAILED : (serverMessage ?? SUBMIT_FAILED);
}

interface SandboxOnboardingPageProps {
  token: string;
  link: SandboxLinkResponse;
}

/** The sandbox's hosted onboarding form: business and bank details, then back to the marketplace. */
export function SandboxOnboardingPage({ token, link }: SandboxOnboardingPageProps) {
  const { account, returnUrl } = link;
  const form = useForm({
    initialValues: { businessType: account.businessType ?? '', businessName: account.businessName ?? '', routingNumber: '', accountNumber: '' },
    schema: sandboxOnboardingBodySchema,
  });
  const { errors, formError } = form;
  const [isLeaving, setIsLeaving] = useState(false);
  const [complete, { isLoading }] = useCompleteSandboxOnboardingMutation();

  function fillTestBankDetails() {
    form.setValue('routingNumber', SANDBOX_TEST_ROUTING_NUMBER);
    form.setValue('accountNumber', SANDBOX_TEST_ACCOUNT_NUMBER);
  }

  const handleSubmit = form.handleSubmit(async (body) => {
    try {
      const answer = await complete({ token, body }).unwrap();
      setIsLeaving(true);
      window.location.assign(answer.returnUrl);
    } catch (error) {
      form.showErrors(serverFieldErrors(describeApiError(error).body));
      form.setFormError(submitErrorMessage(error));
    }
  });

  const businessTypeErrorId = 'sandbox-business-type-error';

  return (
    <SandboxChrome title="Set up payouts">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <div className="flex items-start gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-[#635bff]/10 text-[#635bff]">
            <ShieldCheck className="size-5" aria-hidden />
          </span>
          <div>
            <h1 className="text-xl font-semibold text-slate-900 sm:text-2xl">Set up payouts for Marketplace</h1>
            <p className="mt-1 text-sm text-slate-600">
              Marketplace partners with Stripe to pay you. Tell us about your business and where to send your money.
            </p>
            <p className="mt-1 text-xs text-slate-500">
              Account <span className="font-mono">{account.id}</span> · {account.email}
            </p>
          </div>
        </div>

        <form className="mt-6 space-y-6" noValidate onSubmit={(event) => void handleSubmit(event)}>
          {formError && <Alert tone="error">{formError}</Alert>}

          <section className="space-y-4" aria-labelledby="sandbox-business-title">
            <h2 id="sandbox-business-title" className="flex items-center gap-2 font-semibold text-slate-900">
              <Building2 className="size-4 text-[#635bff]" aria-hidden />
              Business details
            </h2>
            <fieldset aria-describedby={errors.businessType ? businessTypeErrorId : undefined} aria-invalid={errors.businessType ? true : undefined}>
              <legend className="mb-1.5 text-sm font-medium text-slate-800">Business type</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {(['individual', 'company'] as const).map((type) => (
                  <label
                    key={type}
                    className={`flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-3 text-sm has-[:checked]:border-[#635bff] has-[:checked]:bg-[#635bff]/5 ${errors.businessType ? 'border-red-500' : 'border-slate-300'}`}
                  >
                    <input
                      type="radio"
                      name="businessType"
                      value={type}
                      checked={form.values.businessType === type}
                      onChange={() => form.setValue('businessType', type)}
                      className="size-4 accent-[#635bff]"
                    />
                    <span className="font-medium text-slate-900">{type === 'individual' ? 'Individual' : 'Company'}</span>
                  </label>
                ))}
              </div>
              {errors.businessType && (
                <p id={businessTypeErrorId} className="mt-1.5 text-sm font-medium text-red-700">
                  {errors.businessType}
                </p>
              )}
            </fieldset>
            <TextField label="Business name" autoComplete="organization" {...form.field('businessName')} hint="As it should appear on your payouts." />
          </section>

          <section className="space-y-4" aria-labelledby="sandbox-bank-title">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="sandbox-bank-title" className="flex items-center gap-2 font-semibold text-slate-900">
                <Landmark className="size-4 text-[#635bff]" aria-hidden />
                Bank account
              </h2>
              <Button variant="ghost" size="sm" onClick={fillTestBankDetails}>
                Use test bank details
              </Button>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Routing number"
                inputMode="numeric"
                autoComplete="off"
                placeholder={SANDBOX_TEST_ROUTING_NUMBER}
                {...form.field('routingNumber')}
                hint={`Test routing number: ${SANDBOX_TEST_ROUTING_NUMBER}`}
              />
              <TextField
                label="Account number"
                inputMode="numeric"
                autoComplete="off"
                placeholder={SANDBOX_TEST_ACCOUNT_NUMBER}
                {...form.field('accountNumber')}
                hint={`Test account number: ${SANDBOX_TEST_ACCOUNT_NUMBER}`}
              />
            </div>
          </section>

          <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
            <a href={returnUrl} className="inline-flex items-center justify-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
              <ArrowLeft className="size-4" aria-hidden />
              Return without finishing
            </a>
            <button
              type="submit"
              disabled={isLoading || isLeaving}
              aria-busy={isLoading || isLeaving || undefined}
              className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg bg-[#635bff] px-5 text-base font-medium text-white shadow-sm hover:bg-[#5047e5] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#635bff] disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
            >
              {(isLoading || isLeaving) && <Spinner className="size-4" />}
              Agree and submit
            </button>
          </div>
        </form>
      </div>
    </SandboxChrome>
  );
}
