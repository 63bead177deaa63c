import { useState } from 'react';
import { Button, Image, Space, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SITE_IMAGE_PATH } from '@stock-admin/contracts';
import { contentCalls } from '../api';

/**
 * A site image as a form control: its value is the key the upload returned (the server sniffs the type and limits
 * the size); shows the image and lets it be replaced or removed.
 */
export function ImageField({ value, onChange, testId }: { value?: string; onChange?: (key: string | undefined) => void; testId?: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Space align="start" data-testid={testId}>
      {value && (
        <Image
          src={`${SITE_IMAGE_PATH}${value}`}
          alt={t('content.image.preview')}
          width={160}
          height={90}
          style={{ objectFit: 'cover', borderRadius: 4 }}
        />
      )}
      <Space direction="vertical">
        <Upload
          accept="image/png,image/jpeg,image/gif,image/webp"
          showUploadList={false}
          beforeUpload={(file) => {
            setBusy(true);
            void contentCalls
              .imageUpload(file)
              .then((r) => onChange?.(r.key))
              .catch(() => undefined)
              .finally(() => setBusy(false));
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {t(value ? 'content.image.replace' : 'content.image.upload')}
          </Button>
        </Upload>
        {value && (
          <Button type="text" danger icon={<DeleteOutlined />} onClick={() => onChange?.(undefined)}>
            {t('content.image.remove')}
          </Button>
        )}
      </Space>
    </Space>
  );
}
