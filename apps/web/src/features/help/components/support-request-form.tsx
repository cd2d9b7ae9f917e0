import { useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { SUPPORT_MESSAGES, SUPPORT_TOPIC_LABELS, SUPPORT_TOPICS, type SupportRequest, type SupportTopic } from '@marketplace/contracts/workspace';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { SelectField } from '../../../components/select-field';
import { describeApiError } from '../../../lib/api-error';
import { useCreateSupportRequestMutation } from '../api';
import { TextAreaField } from '../../../components/text-area-field';
import { useFormFields } from '../../../lib/use-form-fields';

type Field = 'topic' | 'subject' | 'message';
type Values = Record<Field, string>;

const EMPTY: Values = { topic: '', subject: '', message: '' };
const TOPIC_OPTIONS = [{ value: '', label: 'Choose a topic' }, ...SUPPORT_TOPICS.map((topic) => ({ value: topic, label: SUPPORT_TOPIC_LABELS[topic] }))];

/** The same limits the API checks, so most mistakes are caught before sending. */
function validate(values: Values): Partial<Values> {
  const errors: Partial<Values> = {};
  if (!SUPPORT_TOPICS.includes(values.topic as SupportTopic)) errors.topic = 'Choose a topic';
  const subject = values.subject.trim().length;
  if (subject < 3 || subject > 120) errors.subject = SUPPORT_MESSAGES.subject;
  const message = values.message.trim().length;
  if (message < 10 || message > 5000) errors.message = SUPPORT_MESSAGES.message;
  return errors;
}

/** Contact form for /seller/support: topic, subject and message; a thank-you once it is sent. */
export function SupportRequestForm({ supportEmail }: { supportEmail?: string }) {
  const { values, setValues, errors, setErrors, serverError, setServerError, change } = useFormFields<Field>(EMPTY);
  const [sent, setSent] = useState<SupportRequest | null>(null);
  const [createRequest, { isLoading }] = useCreateSupportRequestMutation();


  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const { request } = await createRequest({ topic: values.topic as SupportTopic, subject: values.subject.trim(), message: values.message.trim() }).unwrap();
      setSent(request);
      setValues(EMPTY);
    } catch (error) {
      const details = describeApiError(error);
      setServerError(details.message);
      setErrors(details.fieldErrors as Partial<Values>);
    }
  }

  return (
    <section aria-labelledby="contact-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="contact-title" className="text-lg font-semibold text-slate-900">
        Contact the Marketplace team
      </h2>
      <p className="mt-1 text-sm text-slate-600">We answer by email{supportEmail ? ` from ${supportEmail}` : ''}, usually within one working day.</p>
      {sent ? (
        <div className="mt-4 space-y-4">
          <Alert tone="success" title="Your request was sent">
            Thanks — we received “{sent.subject}” and will reply by email. You can follow its status below.
          </Alert>
          <Button variant="secondary" onClick={() => setSent(null)}>
            Send another request
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="mt-4 space-y-4">
          {serverError && <Alert tone="error">{serverError}</Alert>}
          <div className="grid gap-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
            <div>
              <SelectField
                label="Topic"
                options={TOPIC_OPTIONS}
                value={values.topic}
                aria-invalid={errors.topic ? true : undefined}
                aria-describedby={errors.topic ? 'support-topic-error' : undefined}
                onChange={(event) => change('topic', event.target.value)}
              />
              {errors.topic && (
                <p id="support-topic-error" className="mt-1.5 text-sm font-medium text-red-700">
                  {errors.topic}
                </p>
              )}
            </div>
            <TextField label="Subject" value={values.subject} maxLength={120} error={errors.subject} onChange={(event) => change('subject', event.target.value)} />
          </div>
          <TextAreaField
            label="Message"
            rows={6}
            maxLength={5000}
            value={values.message}
            error={errors.message}
            hint="Include order numbers or product names so we can help faster."
            onChange={(event) => change('message', event.target.value)}
          />
          <div className="flex justify-end">
            <Button type="submit" isBusy={isLoading} className="w-full sm:w-auto">
              <Send className="size-4" aria-hidden />
              Send request
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
