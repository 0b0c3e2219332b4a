import type { PublicCover } from '@kaoping/contracts/public-vote-types';

export interface CoverViewProps {
  cover: PublicCover;
  /** '封面' or '封底': the accessible name and the link text. */
  label: string;
}

/**
 * A front or back cover: an image, or a PDF. Browsers that say they show PDFs inline (desktop ones)
 * get it in an <object>; phone browsers mostly cannot, and get a button that opens the file instead.
 */
export function CoverView({ cover, label }: CoverViewProps) {
  // The file is cached for a minute; the hash makes a replaced cover show at once.
  const src = `${cover.url}?v=${cover.sha256.slice(0, 16)}`;
  if (cover.content_type === 'application/pdf') {
    const open = (
      <a href={src} target="_blank" rel="noopener noreferrer">
        在新窗口中打开{label}（PDF）
      </a>
    );
    if (!navigator.pdfViewerEnabled) {
      return (
        <figure className="kp-card kp-vote-cover kp-vote-cover-card">
          <p>{label}为 PDF 文件，请点击查看。</p>
          <figcaption>{open}</figcaption>
        </figure>
      );
    }
    return (
      <figure className="kp-vote-cover">
        <object data={src} type="application/pdf" className="kp-vote-cover-pdf" aria-label={label}>
          <p className="kp-vote-cover-fallback">此设备无法直接显示 PDF 文件，请点击下方链接查看。</p>
        </object>
        <figcaption>{open}</figcaption>
      </figure>
    );
  }
  return (
    <figure className="kp-vote-cover">
      <img src={src} alt={label} className="kp-vote-cover-img" />
    </figure>
  );
}
