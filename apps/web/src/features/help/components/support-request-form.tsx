import { useState } from 'react';
import { Send } from 'lucide-react';
import { createSupportRequestSchema, SUPPORT_TOPIC_LABELS, SUPPORT_TOPICS, type SupportRequest } from '@marketplace/contracts/workspace';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { SelectField } from '../../../components/select-field';
import { useCreateSupportRequestMutation } from '../api';
import { TextAreaField } from '../../../components/text-area-field';
import { useForm } from '../../../lib/use-form';

const EMPTY = { topic: '', subject: '', message: '' };
const TOPIC_OPTIONS = [{ value: '', label: 'Choose a topic' }, ...SUPPORT_TOPICS.map((topic) => ({ value: topic, label: SUPPORT_TOPIC_LABELS[topic] }))];

/** Contact form for /seller/support: topic, subject and message; a thank-you once it is sent. */
export function SupportRequestForm({ supportEmail }: { supportEmail?: string }) {
  // The API's own rules, so most mistakes are caught before sending.
  const form = useForm({ initialValues: EMPTY, schema: createSupportRequestSchema });
  const [sent, setSent] = useState<SupportRequest | null>(null);
  const [createRequest, { isLoading }] = useCreateSupportRequestMutation();

  const submit = form.handleSubmit(async (body) => {
    const { request } = await createRequest(body).unwrap();
    setSent(request);
    form.setValues(EMPTY);
  });

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
        <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
          {form.formError && <Alert tone="error">{form.formError}</Alert>}
          <div className="grid gap-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
            <div>
              <SelectField
                label="Topic"
                options={TOPIC_OPTIONS}
                name="topic"
                value={form.values.topic}
                aria-invalid={form.errors.topic ? true : undefined}
                aria-describedby={form.errors.topic ? 'support-topic-error' : undefined}
                onChange={(event) => form.setValue('topic', event.target.value)}
              />
              {form.errors.topic && (
                <p id="support-topic-error" className="mt-1.5 text-sm font-medium text-red-700">
                  {form.errors.topic}
                </p>
              )}
            </div>
            <TextField label="Subject" {...form.field('subject')} maxLength={120} />
          </div>
          <TextAreaField
            label="Message"
            rows={6}
            maxLength={5000}
            {...form.field('message')}
            hint="Include order numbers or product names so we can help faster."
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
