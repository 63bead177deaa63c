import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SectionRoute } from '../app/routes';

/**
 * Second-level menu row (spec §2): the current section's pages; the shell hides it on the workplace.
 * Plain links rather than a second antd Menu: antd Menus share one style registration per theme, and a
 * second light Menu would repaint the side menu's colours.
 */
export function SecondMenu({ section, activePath }: { section: SectionRoute; activePath: string }) {
  const { t } = useTranslation();
  const items = section.children.filter((c) => !c.hideInMenu);
  if (!items.length) return null;
  return (
    <nav className="shell-second-menu" data-testid="second-menu" aria-label={t(section.titleKey)}>
      {items.map((c) => (
        <Link
          key={c.path}
          to={c.path}
          className={c.path === activePath ? 'second-menu-item second-menu-item-active' : 'second-menu-item'}
          aria-current={c.path === activePath ? 'page' : undefined}
        >
          {t(c.titleKey)}
        </Link>
      ))}
    </nav>
  );
}
