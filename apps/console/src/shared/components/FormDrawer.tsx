import { useEffect, type ReactNode } from 'react';
import { Button, Drawer, Form, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../lib/feedback';
import { useFormSave } from '../useFormSave';

/**
 * The add / edit drawer of a record with a long form (an announcement, an activity, a contract template, a stock,
 * an index): its values set afresh each time it opens, 取消 / 确定 in the header, the OK button busy while it
 * saves, a success toast, and a refusal that names a field shown under that field (`fields`; `fieldMap` maps a
 * server field to the form's: `startsAt` → `window`). The caller keeps the form (to watch its fields) and the save.
 */
export function FormDrawer<V extends object>({
  open,
  record,
  form,
  title,
  width,
  initial,
  save,
  fields,
  fieldMap,
  onClose,
  onSaved,
  header,
  saveTestId,
  formTestId,
  formName,
  okText,
  children,
}: {
  open: boolean;
  /** The record edited (null: a new one): the form is set afresh when it changes. */
  record: unknown;
  form: FormInstance<V>;
  title: ReactNode;
  width: number | string;
  /** The form's values when it opens (a new record's defaults, or the record's). */
  initial: () => Partial<V>;
  /** Saves the checked values; what it returns is the success toast. */
  save: (values: V) => Promise<string>;
  fields: string[];
  fieldMap?: Record<string, string>;
  onClose: () => void;
  onSaved: () => void;
  /** Above the form (a notice about the record). */
  header?: ReactNode;
  saveTestId?: string;
  formTestId?: string;
  /** The form's name: its fields' ids start with it (`stock_code`). */
  formName?: string;
  /** The save button's label (default 确定 / OK). */
  okText?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { busy, submit } = useFormSave(form, { fields, fieldMap });
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initial() as Parameters<FormInstance<V>['setFieldsValue']>[0]);
    // set when the drawer opens or its record changes — `initial` is a new function at every render of the caller
  }, [open, record, form]);

  return (
    <Drawer
      open={open}
      width={width}
      title={title}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={busy}
            onClick={() =>
              submit(async (values) => {
                feedback.message.success(await save(values));
                onSaved();
              })
            }
            data-testid={saveTestId}
          >
            {okText ?? t('common.ok')}
          </Button>
        </Space>
      }
    >
      {header}
      <Form form={form} layout="vertical" name={formName} data-testid={formTestId}>
        {children}
      </Form>
    </Drawer>
  );
}
