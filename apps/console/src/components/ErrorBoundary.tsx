import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from 'antd';
import { ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../lib/chunk';

/** A light result block (antd Result carries large illustrations; this one ships with the first chunk). */
function Prompt({
  icon,
  title,
  desc,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  desc: string;
  action: ReactNode;
  testId: string;
}) {
  return (
    <div className="prompt" role="alert" data-testid={testId}>
      <div className="prompt-icon">{icon}</div>
      <div className="prompt-title">{title}</div>
      <div className="prompt-desc">{desc}</div>
      {action}
    </div>
  );
}

function ChunkErrorPrompt() {
  const { t } = useTranslation();
  return (
    <Prompt
      icon={<InfoCircleFilled style={{ color: '#1e9fff' }} />}
      title={t('chunk.title')}
      desc={t('chunk.desc')}
      testId="chunk-error"
      action={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('chunk.reload')}
        </Button>
      }
    />
  );
}

function CrashPrompt({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Prompt
      icon={<ExclamationCircleFilled style={{ color: '#ff4d4f' }} />}
      title={t('crash.title')}
      desc={t('crash.desc')}
      testId="crash-error"
      action={
        <Button type="primary" onClick={onRetry}>
          {t('crash.retry')}
        </Button>
      }
    />
  );
}

/**
 * Catches render errors below it. A chunk-load error (a new deployment removed the old chunks, the
 * network dropped, or 120 s passed) becomes a "new version available — reload" prompt, never a blank page.
 */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: unknown }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(prev: { resetKey?: unknown }) {
    if (this.state.error && prev.resetKey !== this.props.resetKey && !isChunkLoadError(this.state.error)) this.setState({ error: null });
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (isChunkLoadError(error)) return <ChunkErrorPrompt />;
    return <CrashPrompt onRetry={() => this.setState({ error: null })} />;
  }
}
