/**
 * A ProTable `request` body over a paged list call: `{data, total, success}`, with the whole answer handed
 * to `seen` (e.g. to show its totals); a failure (already shown by the request client) is an empty page.
 */
export async function tableRequest<D extends { list: unknown[]; total: number }>(
  load: () => Promise<D>,
  seen?: (data: D) => void,
): Promise<{ data: D['list']; total: number; success: boolean }> {
  try {
    const d = await load();
    seen?.(d);
    return { data: d.list, total: d.total, success: true };
  } catch {
    return { data: [], total: 0, success: false };
  }
}
