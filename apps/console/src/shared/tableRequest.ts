/**
 * THE ProTable `request` body over a paged list call — every server-paged table of the console uses it: `{data, total,
 * success}`, with the whole answer handed to `seen` (e.g. to show its totals); a failure (already shown by the request
 * client) is an empty page, and `failed` is told (e.g. to clear those totals, or to say more).
 */
export async function tableRequest<D extends { list: unknown[]; total: number }>(
  load: () => Promise<D>,
  seen?: (data: D) => void,
  failed?: (err: unknown) => void,
): Promise<{ data: D['list']; total: number; success: boolean }> {
  try {
    const d = await load();
    seen?.(d);
    return { data: d.list, total: d.total, success: true };
  } catch (err) {
    failed?.(err);
    return { data: [], total: 0, success: false };
  }
}
