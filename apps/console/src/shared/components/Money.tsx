import { InputNumber, Space, Typography, type InputNumberProps } from 'antd';
import { formatMoney } from '../money';

/**
 * An amount as text: two decimals, thousands separators, right-aligned digits (tabular). `type` colours the
 * whole text (antd Typography); `signed` colours + / − instead (red up, green down) and writes the + sign.
 */
export function Money({
  value,
  strong,
  type,
  signed,
}: {
  value: string | null | undefined;
  strong?: boolean;
  type?: 'danger' | 'success' | 'secondary';
  signed?: boolean;
}) {
  const text = formatMoney(value);
  const neg = text.startsWith('-');
  const pos = !neg && text !== '-' && /[1-9]/.test(text);
  return (
    <Typography.Text
      strong={strong}
      type={type}
      className={signed ? (neg ? 'ua-money-down' : pos ? 'ua-money-up' : undefined) : undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {signed && pos ? `+${text}` : text}
    </Typography.Text>
  );
}

/**
 * Amount input: the value is a decimal string (antd string mode), never a float; at most two
 * decimals; not negative.
 */
export function AmountInput(props: Omit<InputNumberProps<string>, 'stringMode'>) {
  return <InputNumber<string> min="0" precision={2} step="100" style={{ width: '100%' }} {...props} stringMode />;
}

/** `[min, max]` of decimal strings (the amount-range filter). */
export function AmountRangeInput({
  value,
  onChange,
  placeholders,
  id,
}: {
  value?: [string | undefined, string | undefined];
  onChange?: (v: [string | undefined, string | undefined]) => void;
  placeholders: [string, string];
  id?: string;
}) {
  const [a, b] = value ?? [undefined, undefined];
  const set = (i: 0 | 1, v: string | null) => {
    const next: [string | undefined, string | undefined] = [a, b];
    next[i] = v === null || v === '' ? undefined : v;
    onChange?.(next);
  };
  return (
    <Space.Compact style={{ width: '100%' }} id={id}>
      <InputNumber<string>
        stringMode
        min="0"
        precision={2}
        value={a ?? null}
        onChange={(v) => set(0, v)}
        placeholder={placeholders[0]}
        style={{ width: '50%' }}
        data-testid="amount-min"
      />
      <InputNumber<string>
        stringMode
        min="0"
        precision={2}
        value={b ?? null}
        onChange={(v) => set(1, v)}
        placeholder={placeholders[1]}
        style={{ width: '50%' }}
        data-testid="amount-max"
      />
    </Space.Compact>
  );
}
