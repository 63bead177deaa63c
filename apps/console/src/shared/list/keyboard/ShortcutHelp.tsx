import { Button, Modal, Tooltip, Typography } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ROW_SHORTCUTS } from './shortcuts';

/** The keys of a list, as the help panel lists them: what is pressed, and what it does. */
const NAVIGATION: { keys: string[]; label: string }[] = [
  { keys: ['↑', '↓'], label: 'list.keys.move' },
  { keys: ['Home', 'End'], label: 'list.keys.ends' },
  { keys: ['Enter'], label: 'list.keys.open' },
  { keys: ['Space'], label: 'list.keys.select' },
  { keys: ['Tab'], label: 'list.keys.tab' },
];

/** The `?` panel: every key of the lists (issue 65), and where to switch the letters off. */
export function ShortcutHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const rows = [
    ...NAVIGATION,
    ...ROW_SHORTCUTS.map((s) => ({ keys: [s.key.toUpperCase()], label: s.label })),
    { keys: ['?'], label: 'list.keys.help' },
  ];
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('list.keys.title')} width={480}>
      <div data-testid="shortcut-help">
        <table className="shortcut-help">
          <caption className="sr-only">{t('list.keys.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('list.keys.key')}</th>
              <th scope="col">{t('list.keys.does')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label}>
                <td>
                  {r.keys.map((k, i) => (
                    <span key={k}>
                      {i > 0 && ' '}
                      <kbd>{k}</kbd>
                    </span>
                  ))}
                </td>
                <td>{t(r.label)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('list.keys.footnote')}
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}

/** The toolbar's button to the panel (the keys are not secret: a mouse finds them too). */
export function ShortcutHelpButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('list.keys.title')}>
      <Button
        type="text"
        icon={<QuestionCircleOutlined />}
        onClick={onOpen}
        aria-label={t('list.keys.title')}
        data-testid="shortcut-help-open"
      />
    </Tooltip>
  );
}
