/** Live quotes and the market status line (zh-CN). The English file has the same keys. */
export default {
  market: {
    col: {
      last: '最新价',
      change: '涨跌额',
      changePct: '涨跌幅',
      turnover: '成交额',
    },
    stale: '延迟',
    staleTip: '行情源已停止刷新此报价，仅供参考，不作为成交依据',
    noQuote: '暂无行情',
    unit: { yi: '亿', wan: '万', billion: 'B', million: 'M' },
    status: {
      label: '行情',
      phase: { closed: '休市', auction: '集合竞价', open: '交易中', break: '午间休市' },
      source: { simulated: '模拟行情', http: '实时行情' },
      tradingDay: '交易日 {{day}}',
      lastTick: '更新于 {{time}}',
      noTick: '尚无报价',
      feedStale: '行情源无响应',
      continuous: '模拟行情 · 全天交易',
      continuousTip: '演示用的模拟市场：全天每天连续交易，交易日为上海时间的今天；生产环境使用交易所日历',
    },
  },
};
