import { useEffect, useRef, useState } from 'react';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@stock-admin/contracts';
import { changeLang, currentLang } from '../lib/i18n';
import { LANGS } from '../lib/contracts-lite';

/**
 * The language menu of the sign-in layout: both languages, the current one checked. Plain markup
 * instead of antd Dropdown keeps rc-menu/rc-trigger out of the sign-in chunk; the shell header uses
 * `LangMenu` (antd Dropdown).
 */
export function LangSwitch() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const lang = currentLang();
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);
  return (
    <div className="lang-switch" ref={box}>
      <button
        type="button"
        className="lang-switch-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('lang.menu')}
        data-testid="lang-menu"
        onClick={() => setOpen((o) => !o)}
      >
        <GlobalOutlined />
        <span>{t(`lang.${lang}`)}</span>
      </button>
      {open && (
        <ul className="lang-switch-list" role="menu">
          {LANGS.map((l: Lang) => (
            <li
              key={l}
              role="menuitemradio"
              aria-checked={l === lang}
              tabIndex={0}
              data-lang={l}
              className="lang-switch-item"
              onClick={() => {
                setOpen(false);
                void changeLang(l);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  setOpen(false);
                  void changeLang(l);
                }
              }}
            >
              {t(`lang.${l}`)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
