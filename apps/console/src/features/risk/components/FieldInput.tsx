import { Input, InputNumber, Select, Switch } from 'antd';
import type { TFunction } from 'i18next';
import type { FieldKind } from '../lib/fields';

/** The input of a settings field by its kind, with its unit beside it (%, ¥, 股 / shares, 分钟 / min, …). */
export function fieldInput(kind: FieldKind, t: TFunction, testId: string, disabled: boolean) {
  const common = { 'data-testid': testId, disabled } as const;
  switch (kind) {
    case 'percent':
      return <InputNumber<string> stringMode min="0" max="100" step="0.01" style={{ width: 180 }} addonAfter="%" {...common} />;
    case 'money':
      return <InputNumber<string> stringMode min="0" step="1" precision={2} style={{ width: 180 }} addonBefore="¥" {...common} />;
    case 'shares':
      return (
        <InputNumber<number> min={100} step={100} precision={0} style={{ width: 200 }} addonAfter={t('risk.unit.shares')} {...common} />
      );
    case 'minutes':
      return (
        <InputNumber<number> min={0} max={1440} precision={0} style={{ width: 180 }} addonAfter={t('risk.unit.minutes')} {...common} />
      );
    case 'count':
      return <InputNumber<number> min={1} max={1000} precision={0} style={{ width: 180 }} addonAfter={t('risk.unit.count')} {...common} />;
    case 'lots':
      return <InputNumber<number> min={1} precision={0} style={{ width: 180 }} addonAfter={t('risk.unit.lots')} {...common} />;
    case 'leverages':
      return (
        <Select<string[]>
          mode="tags"
          tokenSeparators={[',', '，', ' ']}
          style={{ width: 260 }}
          open={false}
          suffixIcon={null}
          placeholder="1, 2, 5, 10"
          {...common}
        />
      );
    case 'time':
      return <Input maxLength={5} placeholder={t('form.timePlaceholder')} style={{ width: 160 }} {...common} />;
    case 'bool':
      return <Switch checkedChildren={t('risk.unit.on')} unCheckedChildren={t('risk.unit.off')} {...common} />;
  }
}
