import { addSpreadRuleInput, stockRiskInput } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { dropRiskCache, getDoc, saveDoc } from './settings.js';
import { addSpreadRule } from './spread.js';

/**
 * Demo spread rules (点差设置's first view): an extra spread on very large orders, in force; and two an operator
 * might switch on — the STAR board and strong movers — left off, so the demo's prices are the feed's.
 */
export async function seedRisk(ctx: AppContext): Promise<void> {
  // each as the operator's form sends it, checked by the call's own schema
  const add = (input: Record<string, unknown>) => addSpreadRule(ctx.db, addSpreadRuleInput.parse(input));
  await add({ type: 'amount', start: '1000000', end: '100000000', ratePct: '0.02', enabled: true, note: '演示：百万元以上的大额委托' });
  await add({ type: 'code_prefix', prefix: '688', ratePct: '0.05', enabled: false, note: '演示：科创板（未启用）' });
  await add({ type: 'change_pct', start: '7', end: '20', ratePct: '0.1', enabled: false, note: '演示：当日涨幅 7% 以上（未启用）' });
  dropRiskCache(ctx);
  // on the exchange's calendar the default hours (its sessions) stay
  if (ctx.config.QUOTE_SESSION === 'continuous') await seedAllDayHours(ctx);
}

/**
 * The demo's market trades all day (QUOTE_SESSION=continuous), and the trading hours an operator configures are
 * enforced there as everywhere: the demo starts with hours that cover the whole day, which 风控设置 shows and an
 * operator may narrow (a buy or sell outside them is then refused).
 */
async function seedAllDayHours(ctx: AppContext): Promise<void> {
  const current = await getDoc(ctx.db, 'stock');
  const input = stockRiskInput.parse({
    ...current.settings,
    amStart: '00:00',
    amEnd: '12:00',
    pmStart: '12:00',
    pmEnd: '24:00',
    version: current.version,
  });
  await saveDoc(ctx, 'stock', input, null);
}
