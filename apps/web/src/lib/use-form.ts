import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { describeApiError, type ApiErrorDetails } from './api-error';

/**
 * The one way a form keeps its state: values, which fields were touched, the messages under the
 * fields, the server's refusal and the submit. Rules come from a zod schema — the one in
 * `@marketplace/contracts` the API validates the same body with, or a client schema derived from it
 * (`.pick`, `.extend`, `.safeExtend`) where the form's fields or texts differ.
 *
 * Submitting checks the schema first: the fields it refuses get its first message each and the first
 * of them (in the order of the page) gets the focus; nothing is sent. The server's refusal is read by
 * `describeApiError`: its field messages go under the fields, its message above the form. Typing in
 * a field clears that field's message.
 */

/**
 * What the hook needs of a schema: zod's `safeParse`. Typed here, not imported from zod, so this
 * module (shared by every page) never pulls zod into the shop's first load; the forms that pass a
 * schema are on lazy pages.
 */
export interface FormSchema<Output> {
  safeParse(
    input: unknown,
  ): { success: true; data: Output } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

export type FieldErrors<Values> = Partial<Record<Extract<keyof Values, string>, string>>;

type TextFieldName<Values> = { [Name in Extract<keyof Values, string>]: Values[Name] extends string ? Name : never }[Extract<keyof Values, string>];

interface UseFormOptions<Values, Output> {
  initialValues: Values | (() => Values);
  /** Read at each submit, so it may depend on the form (a seller's schema, the sandbox's card fields). */
  schema?: FormSchema<Output>;
  /** What the schema is given when it is not the values as they are (e.g. a field left out for buyers). */
  toInput?: (values: Values) => unknown;
  /**
   * The field a message belongs to, from its path ("companyName", "shippingAddress.city"). By
   * default the path itself or its last part, when that is one of the values.
   */
  fieldOf?: (path: string) => Extract<keyof Values, string> | undefined;
}

/** Turns issue paths into the form's fields; the first message of each field wins. */
function errorsByField<Values>(
  messages: Iterable<[string, string]>,
  fieldOf: (path: string) => Extract<keyof Values, string> | undefined,
): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {};
  for (const [path, message] of messages) {
    const field = fieldOf(path);
    if (field && errors[field] === undefined) errors[field] = message;
  }
  return errors;
}

export function useForm<Values extends object, Output = Values>({ initialValues, schema, toInput, fieldOf: fieldOfOption }: UseFormOptions<Values, Output>) {
  type Field = Extract<keyof Values, string>;
  const [values, setValues] = useState<Values>(initialValues);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  // A ref as well as state: a double click submits twice before React re-renders.
  const isSubmittingRef = useRef(false);
  const formRef = useRef<HTMLFormElement | null>(null);
  const shouldFocusErrorRef = useRef(false);

  const fieldOf =
    fieldOfOption ??
    ((path: string): Field | undefined => {
      const candidate = path in values ? path : path.split('.').at(-1);
      return candidate !== undefined && candidate in values ? (candidate as Field) : undefined;
    });

  // After the messages are on the page, so the focused field announces its message.
  useEffect(() => {
    if (!shouldFocusErrorRef.current) return;
    shouldFocusErrorRef.current = false;
    for (const element of formRef.current?.querySelectorAll<HTMLElement>('[data-field], [name]') ?? []) {
      const field = element.dataset.field ?? element.getAttribute('name');
      if (field && errors[field as Field]) {
        element.focus();
        return;
      }
    }
  }, [errors]);

  // The setters keep their identity across renders, so effects may call them.

  /** Shows these messages under their fields (replacing the others) and focuses the first one. */
  const showErrors = useCallback((next: FieldErrors<Values>) => {
    shouldFocusErrorRef.current = Object.values(next).some(Boolean);
    setErrors(next);
  }, []);

  /** Shows one field's message, keeping the others' (a check made outside the schema, e.g. a picked file). */
  const setError = useCallback((field: Field, message: string) => setErrors((current) => ({ ...current, [field]: message })), []);

  const clearErrors = useCallback((...fields: Field[]) => {
    setErrors((current) => {
      if (fields.every((field) => current[field] === undefined)) return current;
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });
  }, []);

  const setValue = useCallback(
    <Name extends Field>(field: Name, value: Values[Name]) => {
      setValues((current) => ({ ...current, [field]: value }));
      setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
      clearErrors(field);
    },
    [clearErrors],
  );

  /** Props for a text input, select or textarea holding a text value; `format` rewrites what was typed. */
  function field<Name extends TextFieldName<Values>>(name: Name, { format }: { format?: (text: string, previous: string) => string } = {}) {
    const value = values[name] as string;
    return {
      name,
      value,
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
        setValue(name, (format ? format(event.target.value, value) : event.target.value) as Values[Name]),
      onBlur: () => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
    };
  }

  /** Checks the values with the schema; shows its messages and answers null when it refuses them. */
  function validate(): Output | null {
    if (!schema) {
      setErrors({});
      return values as unknown as Output;
    }
    const parsed = schema.safeParse(toInput ? toInput(values) : values);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const found = errorsByField<Values>(
      parsed.error.issues.map((issue) => [issue.path.map(String).join('.'), issue.message]),
      fieldOf,
    );
    // A refusal no field shows (a rule on the whole body) still stops the submit.
    if (Object.keys(found).length === 0) setFormError(parsed.error.issues[0]?.message ?? null);
    showErrors(found);
    return null;
  }

  /** Puts the server's refusal on the form: its field messages under the fields, its message above. */
  function showServerError(error: unknown): ApiErrorDetails {
    const details = describeApiError(error);
    showErrors(errorsByField<Values>(Object.entries(details.fieldErrors), fieldOf));
    setFormError(details.message);
    return details;
  }

  /**
   * The form's onSubmit: validates, then calls `onValid` with what the schema made of the values.
   * A rejection from `onValid` (an RTK Query error) is shown with `showServerError`; a form that
   * says something else catches it itself.
   */
  function handleSubmit(onValid: (data: Output) => unknown) {
    return async (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault();
      if (event) formRef.current = event.currentTarget;
      if (isSubmittingRef.current) return;
      setFormError(null);
      const data = validate();
      if (data === null) return;
      isSubmittingRef.current = true;
      setIsSubmitting(true);
      try {
        await onValid(data);
      } catch (error) {
        showServerError(error);
      } finally {
        isSubmittingRef.current = false;
        setIsSubmitting(false);
      }
    };
  }

  /** Back to these values (or the first ones), with no messages and nothing touched. */
  function reset(next: Values = typeof initialValues === 'function' ? (initialValues as () => Values)() : initialValues) {
    setValues(next);
    setTouched({});
    setErrors({});
    setFormError(null);
  }

  return {
    values,
    setValues,
    setValue,
    field,
    touched,
    errors,
    showErrors,
    setError,
    clearErrors,
    formError,
    setFormError,
    isSubmitting,
    validate,
    handleSubmit,
    showServerError,
    reset,
  };
}

export type Form<Values extends object, Output = Values> = ReturnType<typeof useForm<Values, Output>>;
