import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight, ChevronRight, Mail, Phone } from 'lucide-react';
import { buttonClasses } from '../../../components/button';
import { LoadError } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { SlideOver } from '../../../components/slide-over';
import { Spinner } from '../../../components/spinner';
import { useGetPublicSettingsQuery } from '../api';
import { HELP_TOPICS, SUPPORT_HOURS, type HelpTopic } from '../components/help-topics';

function TopicDrawer({ topic, onClose }: { topic: HelpTopic; onClose: () => void }) {
  return (
    <SlideOver
      title={topic.title}
      onClose={onClose}
      footer={
        <Link to={topic.path} className={buttonClasses({ className: 'w-full' })}>
          Go to {topic.title}
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      }
    >
      <p className="text-sm text-slate-600">{topic.summary}</p>
      <div className="mt-5 space-y-5">
        {topic.sections.map((section) => (
          <section key={section.heading}>
            <h3 className="text-sm font-semibold text-slate-900">{section.heading}</h3>
            <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-slate-700">
              {section.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </SlideOver>
  );
}

function ContactSection() {
  const settings = useGetPublicSettingsQuery();
  return (
    <section aria-labelledby="contact-us-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="contact-us-title" className="text-lg font-semibold text-slate-900">
        Contact us
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Still stuck? Write to us, call, or{' '}
        <Link to="/seller/support" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          send a support request
        </Link>
        .
      </p>
      {settings.isLoading ? (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4 text-brand-700" />
          Loading contact details…
        </p>
      ) : settings.isError || !settings.data ? (
        <div className="mt-4">
          <LoadError
            title="Contact details could not be loaded"
            error={settings.error}
            onRetry={() => void settings.refetch()}
            isRetrying={settings.isFetching}
          />
        </div>
      ) : (
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <div className="flex gap-3 rounded-xl bg-slate-50 p-4">
            <Mail className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
            <div className="min-w-0">
              <dt className="text-sm font-medium text-slate-900">Email</dt>
              <dd className="mt-0.5 text-sm break-all">
                <a href={`mailto:${settings.data.supportEmail}`} className="text-brand-700 underline-offset-2 hover:underline">
                  {settings.data.supportEmail}
                </a>
              </dd>
            </div>
          </div>
          <div className="flex gap-3 rounded-xl bg-slate-50 p-4">
            <Phone className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
            <div className="min-w-0">
              <dt className="text-sm font-medium text-slate-900">Phone</dt>
              <dd className="mt-0.5 text-sm">
                <a href={`tel:${settings.data.supportPhone.replace(/[^0-9+]/g, '')}`} className="text-brand-700 underline-offset-2 hover:underline">
                  {settings.data.supportPhone}
                </a>
                <span className="block text-slate-600">{SUPPORT_HOURS}</span>
              </dd>
            </div>
          </div>
        </dl>
      )}
    </section>
  );
}

export function HelpAndSupportPage() {
  const [openTopic, setOpenTopic] = useState<HelpTopic | null>(null);
  return (
    <div className="space-y-6">
      <PageHeader title="Help & Support" description="Guides to each part of the seller centre, and how to reach us." />
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Help topics">
        {HELP_TOPICS.map((topic) => {
          const Icon = topic.icon;
          return (
            <li key={topic.path}>
              <button
                type="button"
                onClick={() => setOpenTopic(topic)}
                aria-haspopup="dialog"
                className="flex h-full w-full items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm transition hover:border-brand-300 hover:shadow focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon className="size-5" aria-hidden />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-slate-900">{topic.title}</span>
                  <span className="mt-0.5 block text-sm text-slate-600">{topic.summary}</span>
                </span>
                <ChevronRight className="mt-2.5 size-4 shrink-0 text-slate-400" aria-hidden />
              </button>
            </li>
          );
        })}
      </ul>
      <ContactSection />
      {openTopic && <TopicDrawer topic={openTopic} onClose={() => setOpenTopic(null)} />}
    </div>
  );
}
