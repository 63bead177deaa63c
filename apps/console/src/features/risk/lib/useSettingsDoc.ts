import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Status } from '../../../lib/contracts-lite';
import { RequestError } from '../../../lib/request';
import { riskCalls } from '../api';
import type { DocKey } from './fields';

type Saved = Awaited<ReturnType<(typeof riskCalls.get)[DocKey]>>;

/**
 * One versioned settings document: read it, save it whole with the version read. When the server
 * refuses a save and the document has a newer version now (someone saved in between), `stale` holds
 * the server's message (who saved, when) until the operator reloads.
 */
export function useSettingsDoc(doc: DocKey) {
  const qc = useQueryClient();
  const query = useQuery<Saved>({ queryKey: ['risk', doc], queryFn: riskCalls.get[doc] });
  const [stale, setStale] = useState<string | null>(null);

  const save = async (settings: Record<string, unknown>): Promise<Saved> => {
    const read = query.data!.version;
    try {
      const update = riskCalls.update[doc] as (q: unknown) => Promise<Saved>;
      const saved = await update({ ...settings, version: read });
      qc.setQueryData(['risk', doc], saved);
      setStale(null);
      return saved;
    } catch (e) {
      if (e instanceof RequestError && e.kind === 'status' && e.status === Status.FAIL) {
        const now = await riskCalls.version(doc).catch(() => null);
        if (now && now.version !== read) setStale(e.message);
      }
      throw e;
    }
  };

  const reload = async () => {
    setStale(null);
    await query.refetch();
  };

  return { query, stale, save, reload };
}
