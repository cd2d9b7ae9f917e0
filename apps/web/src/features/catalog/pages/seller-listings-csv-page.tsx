import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CircleAlert, CircleCheck, CircleMinus, Download, FileCheck2, Upload } from 'lucide-react';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, type ImportRowResult, type ListingsImportResponse } from '@marketplace/contracts/listings-csv';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../components/toast';
import { describeApiError } from '../../../lib/api-error';
import { downloadFile } from '../../../lib/download-file';
import { formatNumber } from '@marketplace/domain/number-format';
import { pluralise } from '../../../lib/plural';
import { useForm, type FormSchema } from '../../../lib/use-form';
import { useImportListingsCsvMutation } from '../seller-api';

// Bulk listing by CSV (docs/product/listings.md "CSV import and export"): the seller downloads their listings,
// edits the file in a spreadsheet, checks it (a dry run: nothing is saved) and, seeing what each row would do,
// imports it. Rows with errors are skipped, the listing they belong to left as it is; the others are saved.

export const LISTINGS_CSV_MESSAGES = {
  downloadFailed: 'Your listings could not be downloaded. Please try again.',
  downloaded: 'Your listings were downloaded as CSV',
  chooseFile: 'Choose a CSV file first.',
  tooLarge: `The file is larger than ${MAX_IMPORT_BYTES / (1024 * 1024)} MB. Split it into smaller files.`,
} as const;

interface FormValues {
  file: File | null;
}

/** A file is chosen, and not larger than the API takes. */
const fileSchema: FormSchema<File> = {
  safeParse(input) {
    const { file } = input as FormValues;
    const problem = !file ? LISTINGS_CSV_MESSAGES.chooseFile : file.size > MAX_IMPORT_BYTES ? LISTINGS_CSV_MESSAGES.tooLarge : null;
    return problem ? { success: false, error: { issues: [{ path: ['file'], message: problem }] } } : { success: true, data: file! };
  },
};

// A word and an icon per result, no colour of its own: a status's colour is the status badge's alone
// (components/status-badge.tsx), and an import's "created" is not an order's; a row's errors are said in red below it.
const RESULT_LOOK: Record<ImportRowResult['status'], { label: string; icon: typeof CircleCheck }> = {
  created: { label: 'New', icon: CircleCheck },
  updated: { label: 'Updated', icon: CircleCheck },
  unchanged: { label: 'No change', icon: CircleMinus },
  error: { label: 'Error', icon: CircleAlert },
};

/** The table's columns: the row's number and its result stay narrow, the listing takes the rest (a 390 px phone too). */
const COLUMNS = [
  { label: 'Row', width: 'w-14 sm:w-20' },
  { label: 'Listing', width: '' },
  { label: 'Result', width: 'w-28 sm:w-36' },
] as const;

function ResultTable({ rows, caption }: { rows: ImportRowResult[]; caption: string }) {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column.label} scope="col" className={`px-3 py-2.5 sm:px-4 ${column.width}`}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => {
            const look = RESULT_LOOK[row.status];
            const Icon = look.icon;
            return (
              <tr key={row.row} className="align-top">
                <td className="px-3 py-2.5 tabular-nums text-slate-600 sm:px-4">{row.row}</td>
                <td className="min-w-0 px-3 py-2.5 sm:px-4">
                  <p className="font-medium break-words text-slate-900">{row.title ?? '(no title)'}</p>
                  {row.variant && <p className="text-xs break-words text-slate-500">{row.variant}</p>}
                  {row.errors && (
                    <ul className="mt-1 space-y-0.5 text-red-700">
                      {row.errors.map((error, index) => (
                        <li key={index} className="break-words">
                          {error.column && <span className="font-mono text-xs font-semibold">{error.column}: </span>}
                          {error.reason}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td className={`px-3 py-2.5 font-medium sm:px-4 ${row.status === 'error' ? 'text-red-700' : 'text-slate-700'}`}>
                  <span className="inline-flex items-center gap-1.5">
                    <Icon className="size-4 shrink-0" aria-hidden />
                    {look.label}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** "2 new listings, 1 updated, 5 unchanged and 1 with errors". */
function summaryOf({ listings }: ListingsImportResponse): string {
  const parts = [
    listings.created > 0 ? `${pluralise(listings.created, 'new listing')}` : null,
    listings.updated > 0 ? `${formatNumber(listings.updated)} updated` : null,
    listings.unchanged > 0 ? `${formatNumber(listings.unchanged)} unchanged` : null,
    listings.failed > 0 ? `${formatNumber(listings.failed)} with errors` : null,
  ].filter((part): part is string => part !== null);
  return parts.length <= 1 ? (parts[0] ?? 'No listings') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

function Results({
  result,
  heading,
  headingRef,
  children,
}: {
  result: ListingsImportResponse;
  heading: string;
  headingRef?: React.Ref<HTMLHeadingElement>;
  children?: React.ReactNode;
}) {
  const [onlyErrors, setOnlyErrors] = useState(false);
  const toggleId = useId();
  const shown = onlyErrors ? result.rows.filter((row) => row.status === 'error') : result.rows;
  return (
    <section aria-labelledby={`${toggleId}-heading`} className="space-y-4">
      <div>
        <h2 id={`${toggleId}-heading`} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
          {heading}
        </h2>
        <p className="mt-1 text-slate-700">
          {summaryOf(result)}, in {pluralise(result.rows.length, 'row')}.
        </p>
      </div>
      {children}
      {result.listings.failed > 0 && (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={onlyErrors} onChange={(event) => setOnlyErrors(event.target.checked)} className="size-4 rounded border-slate-300" />
          Show only rows with errors
        </label>
      )}
      <ResultTable rows={shown} caption={heading} />
    </section>
  );
}

function DownloadSection() {
  const [isDownloading, setIsDownloading] = useState(false);
  const download = async () => {
    setIsDownloading(true);
    try {
      await downloadFile('/api/seller/products/export.csv', { fallbackName: 'listings.csv', failed: LISTINGS_CSV_MESSAGES.downloadFailed });
      toast.success(LISTINGS_CSV_MESSAGES.downloaded);
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : LISTINGS_CSV_MESSAGES.downloadFailed);
    } finally {
      setIsDownloading(false);
    }
  };
  return (
    <section aria-labelledby="csv-download-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="csv-download-heading" className="text-lg font-semibold text-slate-900">
        1. Download your listings
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        One row per listing, or one per variant of a listing with variations. Keep a listing’s <code className="font-mono text-xs">product_id</code> to update
        it; leave it empty to add a new one (give the rows of one new listing the same <code className="font-mono text-xs">handle</code>). Prices are in
        dollars, like 12.50.
      </p>
      <Button variant="secondary" className="mt-4" onClick={() => void download()} isBusy={isDownloading} busyLabel="Preparing CSV…">
        <Download className="size-4" aria-hidden />
        Download CSV
      </Button>
    </section>
  );
}

export function SellerListingsCsvPage() {
  const form = useForm<FormValues, File>({ initialValues: { file: null }, schema: fileSchema });
  const [importListings, { isLoading: isImporting }] = useImportListingsCsvMutation();
  const [checked, setChecked] = useState<{ file: File; result: ListingsImportResponse } | null>(null);
  const [imported, setImported] = useState<ListingsImportResponse | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const inputId = useId();
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const fileError = form.errors.file;

  // The results take the place of the form's answer: focus moves to them, so a screen reader reads them next.
  useEffect(() => {
    if (checked || imported) resultsHeading.current?.focus();
  }, [checked, imported]);

  const check = form.handleSubmit(async (file) => {
    setImported(null);
    setImportError(null);
    const result = await importListings({ file, dryRun: true }).unwrap();
    setChecked({ file, result });
  });

  const confirm = async () => {
    if (!checked) return;
    setImportError(null);
    try {
      setImported(await importListings({ file: checked.file, dryRun: false }).unwrap());
      setChecked(null);
      form.reset();
    } catch (failure) {
      setImportError(describeApiError(failure).message);
    }
  };

  const toImport = checked ? checked.result.listings.created + checked.result.listings.updated : 0;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Import / export CSV"
        description="Add and edit many listings at once in a spreadsheet: download your listings, change them, then check and import the file."
      />

      <DownloadSection />

      <section aria-labelledby="csv-import-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="csv-import-heading" className="text-lg font-semibold text-slate-900">
          2. Import a file
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Check the file first: nothing is saved until you confirm. New listings are drafts until you add a photo. Stock is saved as the file says: download
          again before changing it, or leave a quantity empty to keep the stock as it is.
        </p>
        <form onSubmit={check} noValidate className="mt-4 space-y-4">
          {form.formError && <Alert title="The file was not checked">{form.formError}</Alert>}
          <div>
            <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-800">
              CSV file
            </label>
            <input
              id={inputId}
              name="file"
              type="file"
              accept=".csv,text/csv"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={`${inputId}-hint${fileError ? ` ${inputId}-error` : ''}`}
              onChange={(event) => {
                form.setValue('file', event.target.files?.[0] ?? null);
                setChecked(null);
                setImported(null);
              }}
              className="block w-full max-w-md text-sm text-slate-700 file:mr-3 file:h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
            />
            <p id={`${inputId}-hint`} className="mt-1.5 text-sm text-slate-500">
              CSV UTF-8, up to {formatNumber(MAX_IMPORT_ROWS)} rows and {MAX_IMPORT_BYTES / (1024 * 1024)} MB.
            </p>
            {fileError && (
              <p id={`${inputId}-error`} className="mt-1.5 text-sm font-medium text-red-700">
                {fileError}
              </p>
            )}
          </div>
          <Button type="submit" isBusy={form.isSubmitting} busyLabel="Checking…">
            <FileCheck2 className="size-4" aria-hidden />
            Check file
          </Button>
        </form>
      </section>

      {checked && (
        <Results result={checked.result} heading={`Check of ${checked.file.name}`} headingRef={resultsHeading}>
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
            {importError && <Alert className="mb-3">{importError}</Alert>}
            {toImport > 0 ? (
              <>
                {checked.result.listings.failed > 0 && (
                  <p className="mb-3 text-sm text-slate-700">
                    Rows with errors will be skipped: {pluralise(checked.result.listings.failed, 'listing')} will stay as{' '}
                    {checked.result.listings.failed === 1 ? 'it is' : 'they are'}. Fix them and import the file again.
                  </p>
                )}
                <Button onClick={() => void confirm()} isBusy={isImporting} busyLabel="Importing…">
                  <Upload className="size-4" aria-hidden />
                  Import {pluralise(toImport, 'listing')}
                </Button>
              </>
            ) : (
              <p className="text-sm text-slate-700">
                Nothing to import:{' '}
                {checked.result.listings.failed > 0 ? 'fix the rows with errors and check the file again.' : 'every listing is already as the file says.'}
              </p>
            )}
          </div>
        </Results>
      )}

      {imported && (
        <Results result={imported} heading="Import done" headingRef={resultsHeading}>
          <Alert tone="success" title="Your listings were imported">
            {imported.listings.created > 0 && `${pluralise(imported.listings.created, 'new listing')} saved as drafts: add a photo to each to put it live. `}
            <Link to="/seller/product-list" className="font-medium underline">
              See them in your Product List
            </Link>
          </Alert>
        </Results>
      )}
    </div>
  );
}
