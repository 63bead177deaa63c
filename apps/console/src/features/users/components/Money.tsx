import { InputNumber, Typography, type InputNumberProps } from 'antd';
import { formatMoney } from '../lib/decimal';

/** An amount: two decimals, thousands separators, tabular digits. `signed` colours + / − (red up, green down). */
export function Money({ value, strong, signed }: { value: string | null | undefined; strong?: boolean; signed?: boolean }) {
  const text = formatMoney(value);
  const neg = text.startsWith('-');
  const pos = !neg && text !== '-' && /[1-9]/.test(text);
  return (
    <Typography.Text
      strong={strong}
      className={signed ? (neg ? 'ua-money-down' : pos ? 'ua-money-up' : undefined) : undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {signed && pos ? `+${text}` : text}
    </Typography.Text>
  );
}

/** Amount input: a decimal string (antd string mode), never a float; two decimals; not negative. */
export function AmountInput(props: Omit<InputNumberProps<string>, 'stringMode'>) {
  return <InputNumber<string> min="0" precision={2} step="100" style={{ width: '100%' }} {...props} stringMode />;
}
