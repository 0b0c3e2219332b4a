import { useEffect, useState } from 'react';
import type { Cover } from '@kaoping/contracts/cover';
import { Alert, Button, Spin } from 'antd';
import { fetchCoverBlob } from '../api/covers';

/** What was fetched, and for which version of the file (an older answer means: still loading). */
type Loaded = { version: string } & ({ status: 'error' } | { status: 'ready'; url: string });

/** Shows an uploaded cover: an image inline, a PDF in the browser's viewer with a link to open it. */
export function CoverPreview({ cover, label }: { cover: Cover; label: string }) {
  const [loaded, setLoaded] = useState<Loaded>();
  const [attempt, setAttempt] = useState(0);

  const { url: fileUrl, sha256 } = cover;
  // A replaced file keeps its URL but changes its sha256: that is when the bytes are fetched again.
  const version = `${fileUrl}#${sha256}#${attempt}`;
  useEffect(() => {
    const abort = new AbortController();
    let url: string | undefined;
    fetchCoverBlob(fileUrl, abort.signal)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setLoaded({ version, status: 'ready', url });
      })
      .catch(() => {
        if (!abort.signal.aborted) setLoaded({ version, status: 'error' });
      });
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileUrl, version]);
  const state = loaded?.version === version ? loaded : ({ status: 'loading' } as const);

  const box = { height: 320, display: 'flex', alignItems: 'center', justifyContent: 'center' } as const;
  if (state.status === 'loading') {
    return (
      <div style={box}>
        <Spin description="正在加载预览…" />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <Alert
        type="error"
        showIcon
        title={`${label}预览加载失败`}
        action={<Button onClick={() => setAttempt((n) => n + 1)}>重试</Button>}
      />
    );
  }
  if (cover.content_type === 'application/pdf') {
    return (
      <div>
        {/* A frame, not <object>: the page's CSP lets frames (not plugins) load the blob: of the fetch. */}
        <iframe
          src={state.url}
          title={`${label}预览`}
          aria-label={`${label}预览`}
          style={{
            display: 'block',
            width: '100%',
            height: 320,
            border: '1px solid #f0f0f0',
            borderRadius: 6,
          }}
        />
        <a href={state.url} target="_blank" rel="noreferrer">
          在新窗口中打开 PDF
        </a>
      </div>
    );
  }
  return (
    <div style={{ ...box, background: '#fafafa', borderRadius: 6 }}>
      <img
        src={state.url}
        alt={`${label}预览`}
        style={{ maxWidth: '100%', maxHeight: 320, objectFit: 'contain' }}
      />
    </div>
  );
}
