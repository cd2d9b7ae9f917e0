import { useCallback, useState } from 'react';

/**
 * A form's text fields, their validation messages and the server's refusal: typing in a field clears
 * that field's message. The forms keep their own rules (what is required, what the server said).
 */
export function useFormFields<Field extends string>(initial: Record<Field, string> | (() => Record<Field, string>)) {
  const [values, setValues] = useState<Record<Field, string>>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const change = useCallback((field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }, []);
  return { values, setValues, errors, setErrors, serverError, setServerError, change };
}
