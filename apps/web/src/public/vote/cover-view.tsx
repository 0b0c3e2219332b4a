import type { PublicCover } from '@kaoping/contracts/public-vote-types';
import { formatBytes } from '../lib/format';

export interface CoverViewProps {
  cover: PublicCover;
  /** '封面' or '封底': the accessible name and the link text. */
  label: string;
}

/**
 * A front or back cover. An image is the small WebP the server made at upload, drawn at its own aspect
 * ratio so the page does not jump when it arrives. A PDF is never downloaded by itself: on a hall's
 * shared Wi-Fi the voter sees its size and opens it only if they want to.
 */
export function CoverView({ cover, label }: CoverViewProps) {
  // The file is cached for minutes; the hash makes a replaced cover show at once.
  const src = `${cover.url}?v=${cover.sha256.slice(0, 16)}`;
  if (cover.content_type === 'application/pdf') {
    return (
      <figure className="kp-card kp-vote-cover kp-vote-cover-card">
        <p>
          {label}为 PDF 文件（{formatBytes(cover.size)}），点击后才会下载。
        </p>
        <figcaption>
          <a className="kp-btn" href={src} target="_blank" rel="noopener noreferrer">
            在新窗口中打开{label}（PDF）
          </a>
        </figcaption>
      </figure>
    );
  }
  return (
    <figure className="kp-vote-cover">
      <img
        src={src}
        alt={label}
        className="kp-vote-cover-img"
        width={cover.width ?? undefined}
        height={cover.height ?? undefined}
        decoding="async"
      />
    </figure>
  );
}
