// The voter pages' own app (built by vite.voter.config.ts, served for /, /home and /vote/...): a plain
// switch on the path instead of a router. The ballot page is part of the first script; the other pages
// are small chunks of their own.
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { DEFAULT_VOTE_ID } from '@kaoping/contracts/constants';
import { navigate, ParamsProvider, useLocation } from './lib/path-router';
import { LoadingPage, StatusPage } from './status-page';
import VoteTypePage from './vote/vote-type-page';

/** Shown when a page's code did not arrive (a dropped network, or a chunk gone after a deploy). */
function LoadFailedPage() {
  return (
    <StatusPage
      tone="error"
      title="页面加载失败"
      description="网络可能不稳定，请刷新页面重试。"
      action={{ label: '刷新页面', onClick: () => window.location.reload() }}
    />
  );
}

const page = (load: () => Promise<{ default: ComponentType }>) =>
  lazy(() => load().catch(() => ({ default: LoadFailedPage })));

const HomePage = page(() => import('./home/home-page'));
const ReceiptLookupPage = page(() => import('./vote/receipt-lookup-page'));
const VoteResultPage = page(() => import('./vote/vote-result-page'));
const VoteCompanyPage = page(() => import('./vote/vote-company-page'));
const NotFoundPage = page(() => import('./not-found-page'));

/** Old addresses that now live elsewhere: the history entry is replaced. */
const REDIRECTS: Record<string, string> = { '/home': '/', '/vote': `/vote/${DEFAULT_VOTE_ID}` };

type Match = { Page: ComponentType; params: Record<string, string> } | { redirect: string };

/** One path segment as a page reads it (decoded); null when it does not decode. */
function segment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The page for a path (a trailing slash ignored), as the admin app's routes chose it (app/routes.tsx). */
export function matchPath(pathname: string): Match {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (path === '/') return { Page: HomePage, params: {} };
  const redirect = REDIRECTS[path];
  if (redirect) return { redirect };
  const [, a, b, c, ...rest] = path.split('/');
  const notFound = { Page: NotFoundPage, params: {} };
  if (a !== 'vote' || rest.length > 0) return notFound;
  if (b === 'type' && c !== undefined) {
    const linkId = segment(c);
    return linkId ? { Page: VoteTypePage, params: { linkId } } : notFound;
  }
  if (b === 'result' && c === undefined) return { Page: ReceiptLookupPage, params: {} };
  if (b === 'result' && c !== undefined) {
    const id = segment(c);
    return id ? { Page: VoteResultPage, params: { id } } : notFound;
  }
  const id = b !== undefined && c === undefined ? segment(b) : null;
  return id ? { Page: VoteCompanyPage, params: { id } } : notFound;
}

export function VoterApp() {
  const { pathname, search, hash } = useLocation();
  const match = matchPath(pathname);
  const redirect = 'redirect' in match ? match.redirect : null;
  useEffect(() => {
    if (redirect) navigate(redirect + search + hash, { replace: true });
  }, [redirect, search, hash]);
  if ('redirect' in match) return null;
  const { Page, params } = match;
  return (
    <ParamsProvider params={params}>
      <Suspense fallback={<LoadingPage />}>
        <Page />
      </Suspense>
    </ParamsProvider>
  );
}
