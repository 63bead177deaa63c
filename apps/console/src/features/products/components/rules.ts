import type { FormRule } from 'antd';
import type { FieldError } from '../lib/forms';

/** antd `rules` of a field from a check of lib/forms (the message is `products.form.err.<key>`). */
export function checkRule(t: (k: string) => string, check: (v: unknown) => FieldError | null, required = false): FormRule[] {
  return [
    {
      required,
      validator: async (_, v) => {
        const e = check(v);
        if (e) throw new Error(t(`products.form.err.${e}`));
      },
    },
  ];
}
