import { Component, type ReactNode } from 'react';
import { Alert } from 'antd';

interface Props {
  children: ReactNode;
  onError: () => void;
}

/** Keeps a half-edited schema that breaks the preview from breaking the whole editor. */
export class PreviewBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onError();
  }

  override render() {
    if (this.state.failed) {
      return (
        <Alert type="error" showIcon title="预览无法显示" description="请检查问卷内容后点击“刷新预览”。" />
      );
    }
    return this.props.children;
  }
}
