import { useCallback, useMemo, useState, type ChangeEvent } from 'react';
import { hasIssues, type FieldIssues } from '../lib/field-issues';

interface Options<K extends string> {
  validate: (values: Record<K, string>) => FieldIssues<K>;
  /** Turns an issue code (a translation key) into the text shown under the field. */
  translate: (code: string) => string;
}

/** Props spread onto an MUI TextField. */
export interface BoundField {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur: () => void;
  error: boolean;
  helperText?: string;
}

/**
 * Text-field state of a form. A field shows its message only once it was left (touched), so
 * nobody is told off while still typing; server answers per field are shown until the field
 * changes again.
 */
export function useFormFields<K extends string>(
  initial: Record<K, string>,
  { validate, translate }: Options<K>,
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [serverIssues, setServerIssues] = useState<FieldIssues<K>>({});

  const issues = useMemo(() => validate(values), [validate, values]);

  const setValue = useCallback((name: K, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerIssues((current) => {
      if (current[name] === undefined) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  const touch = useCallback((name: K) => setTouched((current) => ({ ...current, [name]: true })), []);

  const reset = useCallback((next: Record<K, string>) => {
    setValues(next);
    setTouched({});
    setServerIssues({});
  }, []);

  const bind = (name: K, hint?: string): BoundField => {
    const code = serverIssues[name] ?? (touched[name] ? issues[name] : undefined);
    return {
      name,
      value: values[name],
      onChange: (event) => setValue(name, event.target.value),
      onBlur: () => touch(name),
      error: code !== undefined,
      helperText: code !== undefined ? translate(code) : hint,
    };
  };

  return {
    values,
    issues,
    serverIssues,
    valid: !hasIssues(issues) && !hasIssues(serverIssues),
    bind,
    setValue,
    touch,
    reset,
    setServerIssues,
  };
}
