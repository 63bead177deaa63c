import { useEffect, useState } from 'react';
import { Image, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchImage } from '../../../shared/fetchImage';

/** An image behind the authenticated file route, loaded with the admintoken header (fetch → blob URL). */
export function AuthImage({ url, alt, testId }: { url: string | null | undefined; alt: string; testId?: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setSrc(null);
    setFailed(false);
    if (!url) return;
    const ctrl = new AbortController();
    let made: string | null = null;
    fetchImage(url, ctrl.signal)
      .then((u) => {
        made = u;
        setSrc(u);
      })
      .catch(() => !ctrl.signal.aborted && setFailed(true));
    return () => {
      ctrl.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  const box = (child: React.ReactNode) => (
    <div className="ua-image-box" data-testid={testId}>
      {child}
    </div>
  );
  if (!url) return box(<Typography.Text type="secondary">{t('users.review.noImage')}</Typography.Text>);
  if (failed) return box(<Typography.Text type="danger">{t('users.review.imageFailed')}</Typography.Text>);
  if (!src) return box(<Spin size="small" />);
  return box(<Image src={src} alt={alt} width={240} height={150} style={{ objectFit: 'contain' }} data-loaded="true" />);
}
