/** Live quotes and the market status line (en-US). The Chinese file has the same keys. */
export default {
  market: {
    col: {
      last: 'Last',
      change: 'Change',
      changePct: 'Change %',
      turnover: 'Turnover',
    },
    stale: 'Stale',
    staleTip: 'The feed stopped refreshing this quote: for reference only, never traded against',
    noQuote: 'No quote yet',
    unit: { yi: ' × 100M', wan: ' × 10K', billion: 'B', million: 'M' },
    status: {
      label: 'Market',
      phase: { closed: 'Closed', auction: 'Call auction', open: 'Trading', break: 'Lunch break' },
      source: { simulated: 'Simulated feed', http: 'Live feed' },
      tradingDay: 'Trading day {{day}}',
      lastTick: 'Updated {{time}}',
      noTick: 'No quote yet',
      feedStale: 'Feed not answering',
      continuous: 'Simulated market · open all day',
      continuousTip:
        'The demo’s simulated market: it trades all day, every day, and its trading day is today in Shanghai; production follows the exchange calendar',
    },
  },
};
