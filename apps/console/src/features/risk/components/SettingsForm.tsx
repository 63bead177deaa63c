import { HeldHint } from '../../../shared/approvalHint';
import '../risk.css';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Form, Row, Skeleton, Space, Tooltip, Typography } from 'antd';
import { QuestionCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { fieldErrorOf } from '../../../lib/serverErrors';
import { changedKeys, diffDoc, type Change } from '../lib/diff';
import { SECTIONS, docToForm, pathKey, type DocKey, type FieldSpec } from '../lib/fields';
import { useSettingsDoc } from '../lib/useSettingsDoc';
import { checkWith, parsedWith, type Schema } from '../lib/validate';
import { DiffModal } from './DiffModal';
import { fieldInput } from './FieldInput';
import { fieldLabel } from './labels';
import { READABLE } from '../../../shared/theme/contrast';

/** Fields that are checked together (a change to one re-checks the others). */
const LINKED: Record<string, string[]> = {
  amStart: ['amEnd'],
  amEnd: ['amStart', 'pmStart'],
  pmStart: ['amEnd', 'pmEnd'],
  pmEnd: ['pmStart'],
  minShares: ['maxShares'],
  maxShares: ['minShares'],
};

/**
 * A versioned settings document as a sectioned form (风控设置): inputs with their units, each field checked
 * by the contract's schema as it is typed, changed fields marked; saving shows the changes (before → after)
 * and sends the whole document with the version read. Who saved last, and when, is shown; a save refused
 * because someone saved in between keeps the server's message on screen with a reload.
 */
export function SettingsForm({ doc, schema, title, extra }: { doc: DocKey; schema: Schema; title: string; extra?: ReactNode }) {
  const { t } = useTranslation();
  const { can, info } = useAccess();
  const mayEdit = can('edit') && info?.agentId == null;
  const sections = SECTIONS[doc];
  const { query, stale, save, reload } = useSettingsDoc(doc);
  const saved = query.data;
  const [form] = Form.useForm();
  const values = Form.useWatch((v) => v, { form, preserve: true });
  const [pending, setPending] = useState<{ changes: Change[]; input: Record<string, unknown> } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (saved) form.setFieldsValue(docToForm(saved.settings));
  }, [saved, form]);

  const changed = useMemo(
    () => (saved && values ? changedKeys(sections, saved.settings, values) : new Set<string>()),
    [saved, values, sections],
  );
  const issuesOf = () => checkWith(schema, { ...form.getFieldsValue(true), version: saved?.version ?? 0 });
  const message = (i: { code: string; values?: Record<string, unknown> }) => t(`risk.err.${i.code}`, i.values);

  const submit = async () => {
    if (!saved) return;
    const input = form.getFieldsValue(true) as Record<string, unknown>;
    const issues = issuesOf();
    if (issues.length) {
      form.setFields(issues.map((i) => ({ name: i.path, errors: [message(i)] })));
      form.scrollToField(issues[0]!.path);
      return;
    }
    const parsed = parsedWith(schema, { ...input, version: saved.version });
    const changes = diffDoc(sections, saved.settings, parsed);
    if (!changes.length) return void feedback.message.info(t('risk.form.noChanges'));
    setPending({ changes, input });
  };

  const confirm = async () => {
    setSaving(true);
    try {
      await save(pending!.input);
      feedback.message.success(t('risk.form.saved'));
    } catch (e) {
      const fe = fieldErrorOf(e);
      if (fe) form.setFields([{ name: fe.field.split('.'), errors: [fe.reason] }]);
    } finally {
      setSaving(false);
      setPending(null);
    }
  };

  const item = (f: FieldSpec) => {
    const key = pathKey(f.path);
    return (
      <Col key={key} xs={24} md={12} xl={8}>
        <Form.Item
          name={f.path}
          className={changed.has(key) ? 'risk-changed' : undefined}
          valuePropName={f.kind === 'bool' ? 'checked' : 'value'}
          dependencies={(LINKED[key] ?? []).map((k) => [k])}
          label={
            <Space size={4}>
              {fieldLabel(t, f.path)}
              {f.help && (
                <Tooltip title={t(`risk.help.${f.path[0]}`)}>
                  <QuestionCircleOutlined style={{ color: READABLE.secondary }} />
                </Tooltip>
              )}
            </Space>
          }
          rules={[
            {
              validator: async () => {
                const mine = issuesOf().find((i) => i.key === key);
                if (mine) throw new Error(message(mine));
              },
            },
          ]}
        >
          {fieldInput(f.kind, t, `risk-${key}`, !mayEdit)}
        </Form.Item>
      </Col>
    );
  };

  return (
    <div className="risk-page" data-testid={`risk-${doc}`}>
      <Card
        title={title}
        extra={
          <Space size={16} wrap>
            {extra}
            {saved && (
              <Typography.Text type="secondary" data-testid="risk-last-saved">
                {saved.updatedAt
                  ? t('risk.form.lastSaved', {
                      by: saved.updatedBy ?? '-',
                      time: dayjs(saved.updatedAt).format('YYYY-MM-DD HH:mm:ss'),
                      version: saved.version,
                    })
                  : t('risk.form.neverSaved')}
              </Typography.Text>
            )}
          </Space>
        }
      >
        {stale && (
          <Alert
            type="error"
            showIcon
            className="risk-stale"
            data-testid="risk-stale"
            message={t('risk.form.staleTitle')}
            description={stale}
            action={
              <Button icon={<ReloadOutlined />} onClick={() => void reload()} data-testid="risk-reload">
                {t('risk.form.reload')}
              </Button>
            }
          />
        )}
        {!saved ? (
          <Skeleton active />
        ) : (
          <Form form={form} layout="vertical" name={`risk-${doc}`} requiredMark={false}>
            <HeldHint operation="risk.settings" />
            {sections.map((s) => (
              <section key={s.key} className="risk-section" data-testid={`risk-section-${s.key}`}>
                <Typography.Title level={5}>{t(`risk.section.${s.key}`)}</Typography.Title>
                <Row gutter={24}>{s.fields.map(item)}</Row>
              </section>
            ))}
            {mayEdit && (
              <Space className="risk-actions">
                <Button type="primary" onClick={() => void submit()} disabled={!changed.size} data-testid="risk-save">
                  {changed.size ? t('risk.form.saveN', { count: changed.size }) : t('risk.form.save')}
                </Button>
                <Button onClick={() => form.setFieldsValue(docToForm(saved.settings))} disabled={!changed.size}>
                  {t('risk.form.reset')}
                </Button>
              </Space>
            )}
          </Form>
        )}
      </Card>
      <DiffModal changes={pending?.changes ?? null} saving={saving} onCancel={() => setPending(null)} onOk={() => void confirm()} />
    </div>
  );
}
