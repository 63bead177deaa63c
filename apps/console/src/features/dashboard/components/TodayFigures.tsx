import { useEffect, useRef } from 'react';
import { Card, Col, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { WorkplaceData } from '@stock-admin/contracts';
import { useBadges } from '../../../lib/badges';
import { actionName } from '../../../shared/logActions';
import { toneColor } from '../../../shared/market/quoteFormat';
import { formatYuan } from '../../../shared/money';
import { fromCents, toCents } from '../../../shared/decimal';
import { browserPage, liveThrottle } from '../../../lib/liveThrottle';
import { dashboardCalls } from '../api';

/** A live event refetches the figures this long after it (a burst: once). */
const REFRESH_DELAY_MS = 500;

/**
 * Today's figures of the caller's scope (issue 25): users, money in and out, the queues waiting (each a link to
 * its page), positions and today's P/L. They follow the live bus: any header counter moving (a deposit, a
 * withdrawal, a buy, a real-name submission … arriving or being settled) refetches them — never a timer.
 */
export function TodayFigures() {
  const { t, i18n } = useTranslation();
  const label = (key: string) => (i18n.exists(key) ? t(key) : null);
  const q = useQuery({ queryKey: ['workplace', 'today'], queryFn: dashboardCalls.workplace });
  const counts = useBadges();
  const key = JSON.stringify(counts);
  const seen = useRef(key);
  const refetch = useRef(q.refetch);
  refetch.current = q.refetch;
  // at most every 2 s while the counters keep moving, none while the browser tab is hidden (the lists' pace, issue 51)
  const throttle = useRef<ReturnType<typeof liveThrottle> | null>(null);
  useEffect(() => {
    const th = liveThrottle(() => void refetch.current(), {
      delay: REFRESH_DELAY_MS,
      page: browserPage,
    });
    throttle.current = th;
    return th.dispose;
  }, []);
  useEffect(() => {
    if (key === seen.current) return;
    seen.current = key;
    throttle.current?.poke();
  }, [key]);

  const d: WorkplaceData | undefined = q.data;
  if (!d) return <Card className="workplace-card">{q.isError ? t('workplace.figures.unavailable') : <Skeleton active />}</Card>;
  const queues = [
    { key: 'deposits', n: d.pending.deposits, to: '/capital/rechargelist' },
    { key: 'withdrawals', n: d.pending.withdrawals, to: '/capital/withdrawallist' },
    { key: 'buys', n: d.pending.buys, to: '/position/buyList' },
    { key: 'blockRequests', n: d.pending.blockRequests, to: '/position/dzList' },
    { key: 'subscriptions', n: d.pending.subscriptions, to: '/newshares/newsharesrecord?status=1' },
    { key: 'realName', n: d.realNamePending, to: '/userlist/index' },
    { key: 'approvals', n: d.pending.approvals, to: '/approvals/index' },
  ].filter((x) => x.n !== null);
  return (
    <div data-testid="today-figures">
      <Card className="workplace-card" title={t('workplace.figures.title', { day: d.day })}>
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6}>
            <Statistic title={t('workplace.figures.newUsers')} value={d.newUsers} valueStyle={{ fontVariantNumeric: 'tabular-nums' }} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={t('workplace.figures.deposits', { n: d.deposits.count })}
              value={formatYuan(d.deposits.amount)}
              data-testid="today-deposits"
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('workplace.figures.withdrawals', { n: d.withdrawals.count })} value={formatYuan(d.withdrawals.amount)} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={t('workplace.figures.net')}
              value={formatYuan(fromCents((toCents(d.deposits.amount) ?? 0n) - (toCents(d.withdrawals.amount) ?? 0n)))}
            />
          </Col>
          {d.trading && (
            <>
              <Col xs={12} md={6}>
                <Statistic title={t('workplace.figures.openPositions')} value={d.trading.openPositions} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('workplace.figures.openMargin')} value={formatYuan(d.trading.openMargin)} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic
                  title={t('workplace.figures.unrealized')}
                  value={formatYuan(d.trading.unrealizedPnl, { signed: true })}
                  valueStyle={{ color: toneColor(d.trading.unrealizedPnl) }}
                />
              </Col>
              <Col xs={12} md={6}>
                <Statistic
                  title={t('workplace.figures.realized', { n: d.trading.closedToday })}
                  value={formatYuan(d.trading.realizedPnlToday, { signed: true })}
                  valueStyle={{ color: toneColor(d.trading.realizedPnlToday) }}
                />
              </Col>
            </>
          )}
        </Row>
      </Card>
      {queues.length > 0 && (
        <Card className="workplace-card" title={t('workplace.figures.queues')}>
          <Row gutter={[16, 16]}>
            {queues.map((x) => (
              <Col key={x.key} xs={12} md={8} xl={4}>
                <Link to={x.to} data-testid={`queue-${x.key}`}>
                  <Statistic
                    title={<Typography.Text type="secondary">{t(`workplace.figures.queue.${x.key}`)}</Typography.Text>}
                    value={x.n!}
                    valueStyle={{ color: x.n ? '#ad4e00' : undefined }}
                  />
                </Link>
              </Col>
            ))}
          </Row>
        </Card>
      )}
      <Card className="workplace-card" title={t('workplace.figures.recent')} data-testid="recent-operations">
        {/* plain rows: antd's List would bring its pagination (and a select) to the workplace's first view */}
        {d.recentOperations.length ? (
          <ul className="recent-ops">
            {d.recentOperations.map((o) => (
              <li key={o.id}>
                <Typography.Text type="secondary" className="recent-ops-time">
                  {dayjs(o.createdAt).format('MM-DD HH:mm:ss')}
                </Typography.Text>
                <span className="recent-ops-what">
                  {actionName(o.operation, label) ?? o.action}
                  {/* a record's number; a settings page's key ('pay', 'stock') says nothing the action's name does not */}
                  {o.targetId && /\d/.test(o.targetId) ? <Typography.Text type="secondary"> #{o.targetId}</Typography.Text> : null}
                </span>
                <Tag color={o.result === 'ok' ? 'green' : 'red'}>{t(`opResult.${o.result}`, { defaultValue: o.result })}</Tag>
              </li>
            ))}
          </ul>
        ) : (
          <Typography.Text type="secondary">{t('workplace.figures.noOperations')}</Typography.Text>
        )}
      </Card>
    </div>
  );
}
