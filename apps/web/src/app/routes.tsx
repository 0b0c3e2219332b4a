import { Navigate, type RouteObject } from 'react-router';
import { DEFAULT_VOTE_ID } from '@kaoping/contracts/constants';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** Route handle: `requiresAuth` routes are guarded by RootLayout (the global guard of spec §2). */
export interface RouteHandle {
  requiresAuth?: boolean;
}

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const adminPage = (path: string, load: () => Promise<{ default: React.ComponentType }>): RouteObject => ({
  path,
  lazy: page(load),
});

/** Every route of the spec's route table. Voter pages and admin pages are separate lazy chunks. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', lazy: page(() => import('@/public/home/home-page')) },
      { path: '/home', element: <Navigate to="/" replace /> },
      { path: '/vote', element: <Navigate to={`/vote/${DEFAULT_VOTE_ID}`} replace /> },
      { path: '/vote/type/:linkId', lazy: page(() => import('@/public/vote/vote-type-page')) },
      { path: '/vote/result', lazy: page(() => import('@/public/vote/receipt-lookup-page')) },
      { path: '/vote/result/:id', lazy: page(() => import('@/public/vote/vote-result-page')) },
      { path: '/vote/:id', lazy: page(() => import('@/public/vote/vote-company-page')) },
      { path: '/meeting/:token', lazy: page(() => import('@/public/meeting/meeting-share-page')) },
      { path: '/login', lazy: page(() => import('@/app/admin/login-route')) },
      {
        path: '/admin/meeting/:companyId',
        handle: { requiresAuth: true } satisfies RouteHandle,
        lazy: page(() => import('@/app/admin/meeting-route')),
      },
      { path: '/register', lazy: page(() => import('@/app/admin/register-route')) },
      {
        path: '/admin',
        handle: { requiresAuth: true } satisfies RouteHandle,
        lazy: page(() => import('@/app/admin/admin-root')),
        children: [
          adminPage('', () => import('@/features/companies/components/companies-page')),
          adminPage('poll-management', () => import('@/features/scoring-polls/components/company-poll-page')),
          adminPage(
            'person-poll-management',
            () => import('@/features/scoring-polls/components/person-poll-page'),
          ),
          adminPage(
            'cadre-poll-management',
            () => import('@/features/cadre-polls/components/cadre-poll-page'),
          ),
          adminPage('cadre-polls', () => import('@/features/cadre-polls/components/cadre-poll-page')),
          adminPage('newly-promoted-poll-management', () => import('@/app/admin/newly-promoted-route')),
          adminPage('results', () => import('@/features/results/components/results-page')),
          adminPage('summary', () => import('@/features/summary/components/summary-page')),
          adminPage('vote-types', () => import('@/features/vote-types/components/vote-types-page')),
          adminPage(
            'company/:companyId/vote-types',
            () => import('@/features/vote-types/components/vote-types-page'),
          ),
          adminPage(
            'vote-types/:voteTypeId/codes',
            () => import('@/features/ballot-codes/components/codes-page'),
          ),
          adminPage(
            'vote-types/:voteTypeId/paper',
            () => import('@/features/paper-entry/components/paper-entry-page'),
          ),
          adminPage('vote-targets', () => import('@/features/vote-targets/components/vote-targets-page')),
          adminPage(
            'company/:companyId/vote-targets',
            () => import('@/features/vote-targets/components/vote-targets-page'),
          ),
          adminPage('recommendation-posts', () => import('@/features/recommendation/components/posts-page')),
          adminPage(
            'recommendation-results',
            () => import('@/features/recommendation/components/results-page'),
          ),
          adminPage('cadre-vote-results', () => import('@/features/results/components/cadre-results-page')),
          adminPage('cadre-vote-records', () => import('@/features/results/components/cadre-records-page')),
          adminPage('vote-records', () => import('@/features/results/components/vote-records-page')),
          adminPage(
            'recommendation-records',
            () => import('@/features/results/components/records/recommendation-records-page'),
          ),
          adminPage('covers', () => import('@/features/covers/components/covers-page')),
          adminPage('preflight', () => import('@/features/preflight/components/preflight-page')),
          adminPage('rounds', () => import('@/features/rounds/components/rounds-page')),
          adminPage('rankings', () => import('@/features/rankings/components/rankings-page')),
          adminPage('report-check', () => import('@/features/report-check/components/report-check-page')),
          adminPage('settings', () => import('@/features/settings/components/settings-page')),
          adminPage('accounts', () => import('@/features/accounts/components/accounts-page')),
          adminPage('audit-log', () => import('@/features/audit-log/components/audit-log-page')),
          adminPage('*', () => import('@/app/admin/admin-not-found')),
        ],
      },
      { path: '*', lazy: page(() => import('@/public/not-found-page')) },
    ],
  },
];
