import type { ReactNode } from 'react';
import { Button, Drawer } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * A phone list's filters: one button naming how many are set, the search form in a bottom drawer. The form
 * stays mounted while closed (the table reads its values on every load).
 */
export function FilterDrawer({
  count,
  open,
  setOpen,
  children,
}: {
  count: number;
  open: boolean;
  setOpen: (o: boolean) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="list-filter-bar">
      <Button
        icon={<FilterOutlined />}
        type={count ? 'primary' : 'default'}
        ghost={count > 0}
        onClick={() => setOpen(true)}
        data-testid="list-filters"
      >
        {count ? t('list.filtersOn', { n: count }) : t('list.filters')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        placement="bottom"
        height="85%"
        title={t('list.filters')}
        forceRender
        className="list-filter-drawer"
      >
        {children}
      </Drawer>
    </div>
  );
}
