import { useEffect, useRef } from 'react';
import type { ActionType, ProFormInstance } from '@ant-design/pro-components';
import { useSearchParams } from 'react-router';
import { REFRESH_PARAM } from '../../../lib/tabs';

/**
 * What the address asks of a funds list: `?keyword=<order no>` (a live notice's link) puts the order
 * number into the keyword filter and searches; a new `?_t=` (a header badge on an open page) asks for
 * fresh data from page 1. Returns the ProTable props that wire it in (spread them on the table): the
 * search form's ref, and the keyword as its initial value so that the first request of a freshly
 * opened page is already filtered.
 */
export function useLinkedRecord(actionRef: React.RefObject<ActionType | undefined>, onFresh?: () => void) {
  const formRef = useRef<ProFormInstance>(undefined);
  const [search] = useSearchParams();
  const stamp = search.get(REFRESH_PARAM);
  const keyword = search.get('keyword') ?? undefined;
  const seen = useRef(`${stamp}|${keyword}`);
  useEffect(() => {
    const key = `${stamp}|${keyword}`;
    if (key === seen.current) return;
    seen.current = key;
    onFresh?.();
    if (keyword) {
      formRef.current?.setFieldsValue({ keyword });
      formRef.current?.submit();
    } else void actionRef.current?.reloadAndRest?.();
  }, [stamp, keyword]); // only the address matters: the refs and the callback are stable enough
  return { formRef, form: { initialValues: keyword ? { keyword } : undefined } };
}
