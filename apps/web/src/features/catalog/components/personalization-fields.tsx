import { z } from 'zod';
import { MAX_PERSONALIZATION_LENGTH } from '@marketplace/domain/personalization';
import { personalizationSettingSchema, type PersonalizationSettingInput, type ProductDetail } from '@marketplace/contracts/catalog';
import { TextField } from '../../../components/field';
import { TextAreaField } from '../../../components/text-area-field';

// The listing form's "Personalisation" section (docs/product/listings.md "Personalisation"): whether the
// listing asks its buyers to write something, whether it must, what to write and how long it may be.

export interface PersonalizationText {
  asksPersonalization: boolean;
  personalizationRequired: boolean;
  personalizationInstructions: string;
  personalizationMaxLength: string;
}

export function personalizationTextOf(product?: ProductDetail): PersonalizationText {
  const asked = product?.personalization ?? null;
  return {
    asksPersonalization: asked !== null,
    personalizationRequired: asked?.required ?? true,
    personalizationInstructions: asked?.instructions ?? '',
    personalizationMaxLength: String(asked?.maxLength ?? 256),
  };
}

/**
 * What the form sends for it: the setting when the listing asks, null to stop asking on a saved listing,
 * nothing for a new listing that asks nothing. Its maximum length is read from the text the seller typed.
 */
export function personalizationInput(text: PersonalizationText, isEditing: boolean): { personalization?: PersonalizationSettingInput | null } {
  if (!text.asksPersonalization) return isEditing ? { personalization: null } : {};
  const maxLength = /^\d+$/.test(text.personalizationMaxLength.trim()) ? Number(text.personalizationMaxLength.trim()) : Number.NaN;
  return { personalization: { required: text.personalizationRequired, instructions: text.personalizationInstructions, maxLength } };
}

/** The contract's rule, with a message of its own for a length that is not a whole number. */
export const personalizationFormSchema = personalizationSettingSchema
  .extend({
    maxLength: z
      .number()
      .refine(Number.isFinite, 'Enter the longest text as a whole number of characters')
      .pipe(personalizationSettingSchema.shape.maxLength.unwrap()),
  })
  .nullish();

/** The form field a message about `personalization.<part>` belongs to. */
export function personalizationFieldOf(path: string): keyof PersonalizationText | undefined {
  if (path === 'personalization.instructions') return 'personalizationInstructions';
  if (path === 'personalization.maxLength') return 'personalizationMaxLength';
  return path.startsWith('personalization') ? 'asksPersonalization' : undefined;
}

interface PersonalizationFieldsProps {
  values: PersonalizationText;
  errors: Partial<Record<keyof PersonalizationText, string>>;
  onChange: <K extends keyof PersonalizationText>(field: K, value: PersonalizationText[K]) => void;
}

export function PersonalizationFields({ values, errors, onChange }: PersonalizationFieldsProps) {
  return (
    <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" aria-labelledby="personalization-title">
      <h2 id="personalization-title" className="text-base font-semibold text-slate-900">
        Personalisation
      </h2>
      <label className="flex items-start gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          name="asksPersonalization"
          checked={values.asksPersonalization}
          onChange={(event) => onChange('asksPersonalization', event.target.checked)}
          className="mt-0.5 size-4 rounded border-slate-300 accent-brand-700"
        />
        <span>
          <span className="font-medium">Ask buyers for personalisation</span>
          <span className="block text-slate-500">
            For example a name to engrave, initials or a date. You see what they write on the order and its packing slip.
          </span>
        </span>
      </label>
      {values.asksPersonalization && (
        <div className="space-y-4">
          <TextAreaField
            label="Instructions for buyers"
            name="personalizationInstructions"
            rows={2}
            placeholder="e.g. The name to engrave, up to 12 letters"
            value={values.personalizationInstructions}
            error={errors.personalizationInstructions}
            counterMax={500}
            onChange={(event) => onChange('personalizationInstructions', event.target.value)}
          />
          <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
            <TextField
              label="Longest text (characters)"
              name="personalizationMaxLength"
              inputMode="numeric"
              value={values.personalizationMaxLength}
              error={errors.personalizationMaxLength}
              hint={`Up to ${MAX_PERSONALIZATION_LENGTH.toLocaleString('en-US')}.`}
              onChange={(event) => onChange('personalizationMaxLength', event.target.value)}
            />
            <label className="flex items-start gap-3 text-sm text-slate-800 sm:pt-8">
              <input
                type="checkbox"
                name="personalizationRequired"
                checked={values.personalizationRequired}
                onChange={(event) => onChange('personalizationRequired', event.target.checked)}
                className="mt-0.5 size-4 rounded border-slate-300 accent-brand-700"
              />
              <span>
                <span className="font-medium">Required</span>
                <span className="block text-slate-500">Buyers cannot add it to their cart without writing it.</span>
              </span>
            </label>
          </div>
          {errors.asksPersonalization && <p className="text-sm font-medium text-red-700">{errors.asksPersonalization}</p>}
        </div>
      )}
    </section>
  );
}
