import { useState } from 'react';
import type { FormInstance } from 'antd';
import { isHeldError } from '../lib/request';
import { showFieldError } from '../lib/serverErrors';

export interface FormSaveOptions {
  /** The fields a refusal may name, shown under that field; `fieldMap` maps a server field to the form's. */
  fields: readonly string[];
  fieldMap?: Record<string, string>;
  /** A change held for a second administrator (dual control): the request is queued and the dialog is done. */
  onHeld?: () => void;
  /** Any other refusal, after it was shown: `onField` says whether under a field (the request client showed it else). */
  onRefused?: (err: unknown, onField: boolean) => void;
}

/**
 * THE save of a form dialog or drawer: the form is checked first (its own messages show and nothing is sent), the OK
 * button is busy while the call runs, and a refusal naming a field is shown under it — the dialog stays open.
 * `submit(save)` checks the form and saves its values; `run(save)` saves what the caller already holds (the second
 * step of a dialog that confirms first).
 */
export function useFormSave<V>(form: FormInstance<V>, o: FormSaveOptions) {
  const [busy, setBusy] = useState(false);
  const run = async (save: () => Promise<void>): Promise<void> => {
    setBusy(true);
    try {
      await save();
    } catch (e) {
      if (o.onHeld && isHeldError(e)) o.onHeld();
      else {
        // a mapped field is a field of the form too (an activity's refused startsAt goes under its window)
        const onField = showFieldError(form, e, [...o.fields, ...Object.values(o.fieldMap ?? {})], o.fieldMap);
        o.onRefused?.(e, onField);
      }
    } finally {
      setBusy(false);
    }
  };
  const submit = (save: (values: V) => Promise<void>): void => {
    form.validateFields().then(
      (values) => run(() => save(values)),
      () => undefined,
    );
  };
  return { busy, run, submit };
}
