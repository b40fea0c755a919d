/**
 * The admin forms' draft as typed (ebooks, places, field guides, locations): a change clears that
 * field's error and the form's problem; `showErrors` marks the wrong fields and, while any is wrong,
 * sets the problem to the form's "fix the fields" text. A refused save sets the problem (and, where
 * the reason names one, a field's error) and the draft stays as typed.
 */
import { useState } from 'react';

export type DraftErrors<D> = Partial<Record<keyof D, string>>;

/** `Field`: what errors are keyed by, the draft's keys unless the form names fields otherwise. */
export function useFormDraft<D extends object, Field extends PropertyKey = keyof D>(
  initial: D | (() => D),
  fixFields: string,
) {
  type Errors = Partial<Record<Field, string>>;
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const change = (patch: Partial<D>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblem(null);
    setErrors(
      (current) => Object.fromEntries(Object.entries(current).filter(([key]) => !(key in patch))) as Errors,
    );
  };
  /** Shows `found` under the fields; true when it names none. */
  const showErrors = (found: Errors): boolean => {
    setErrors(found);
    if (Object.keys(found).length === 0) return true;
    setProblem(fixFields);
    return false;
  };
  return { draft, setDraft, errors, setErrors, problem, setProblem, change, showErrors };
}
