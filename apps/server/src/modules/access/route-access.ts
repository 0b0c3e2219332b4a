import type { ObjectKind } from './unit-lookup';

/**
 * Who may call a route:
 * - `public`: no sign-in (login, registration);
 * - `self`: any signed-in account, even one without a role or that must change its password;
 * - `read`: every role, inside its units;
 * - `write`: system and unit admins inside their units; an auditor gets 403;
 * - `system`: system admins only.
 */
export type AccessKind = 'public' | 'self' | 'read' | 'write' | 'system';

export interface RouteAccess {
  kind: AccessKind;
  /** What the path's `:id` (or `:pollId`) names; its unit is checked like a company_id. */
  id?: ObjectKind;
  /** Not tied to one unit (lists that filter by scope themselves, server-wide settings). */
  global?: boolean;
  /** The audit log's action name for a write (default: object type and method). */
  action?: string;
}

const r = (kind: AccessKind, id?: ObjectKind, action?: string): RouteAccess => ({ kind, id, action });
const g = (kind: AccessKind, action?: string): RouteAccess => ({ kind, global: true, action });

/**
 * EVERY admin route, keyed by method and path under /api/v1/admin. A route missing here answers 403 to
 * everyone, and test/route-walk.test.ts fails naming it. Besides the `:id` declared here, every
 * company_id / companyId and vote_type_id / voteTypeId / target_id in the path, query or body is checked
 * against the caller's units (access-check.ts).
 */
export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  'POST /auth/login': g('public'),
  'GET /auth/registration-status': g('public'),
  'POST /auth/register': g('public'),
  'GET /auth/me': g('self'),
  'POST /auth/verify-advanced-mode': g('self'),
  'PUT /auth/password': g('self', 'account.password_change'),
  'POST /auth/logout': g('self'),
  // Two-factor sign-in (issue 27): one's own second factor; under REQUIRE_2FA the only way on.
  'POST /auth/totp/setup': g('self', 'account.totp_setup'),
  'POST /auth/totp/enable': g('self', 'account.totp_enable'),
  'POST /auth/totp/disable': g('self', 'account.totp_disable'),

  'GET /users/': g('system'),
  'POST /users/': g('system', 'account.create'),
  'PATCH /users/:id': g('system', 'account.update'),
  'POST /users/:id/reset-password': g('system', 'account.reset_password'),
  'POST /users/:id/unlock': g('system', 'account.unlock'),
  'DELETE /users/:id': g('system', 'account.delete'),
  'POST /users/:id/totp/reset': g('system', 'account.totp_reset'),

  'GET /audit-log/': g('read'),
  'GET /audit-log/verify': g('read'),
  'GET /audit-log/export.xlsx': g('read'),

  // 会前检查 (issue 28): a read for the roles that run a meeting (an auditor gets 403).
  'GET /preflight/': r('write'),
  'GET /settings/': g('read'),
  'GET /settings/snapshots': g('system'),
  'PUT /settings/': g('system', 'settings.update'),

  'GET /companies/': g('read'),
  'POST /companies/': g('system', 'company.create'),
  'PATCH /companies/:id': r('write', 'company', 'company.rename'),
  'DELETE /companies/:id': r('system', 'company', 'company.delete'),
  'GET /companies/:id/results': r('read', 'company'),
  'GET /companies/:id/results/export.xlsx': r('read', 'company'),
  'GET /companies/:id/results/ballots.csv': r('read', 'company'),
  'GET /companies/:id/report.pdf': r('read', 'company'),
  'GET /companies/:id/report.docx': r('read', 'company'),
  'GET /companies/:id/rounds': r('read', 'company'),
  'POST /companies/:id/rounds': r('write', 'company', 'round.create'),
  'GET /companies/:id/rounds/history': r('read', 'company'),
  'GET /companies/:id/summary': r('read', 'company'),
  'GET /companies/:id/summary/print': r('read', 'company'),
  'PUT /companies/:id/summary/thresholds': r('write', 'company', 'round.thresholds'),
  // 重新核算 (decision 0052): whoever reads the results may check them; it writes only its audit row.
  'POST /companies/:id/figures/recount': r('read', 'company', 'figures.recount'),

  'GET /meeting/:companyId': r('read'),
  'GET /meeting/:companyId/share': r('read'),
  'POST /meeting/:companyId/share': r('write', undefined, 'meeting.share'),
  'DELETE /meeting/:companyId/share': r('write', undefined, 'meeting.revoke'),
  'PUT /meeting/:companyId/summary': r('write', undefined, 'meeting.summary'),

  // Across units: each lists only the units the account sees.
  'GET /rankings/': g('read'),
  'GET /rankings/export': g('read'),
  // 报告核验: the seal's unit is checked by the service (an unseen unit's code is unknown, 404).
  'GET /report-check/': g('read'),

  'GET /polls/': r('read'),
  'POST /polls/': r('write', undefined, 'poll.create'),
  'GET /polls/company/:companyId': r('read'),
  'POST /polls/copy-from-template': r('write', undefined, 'poll.copy_from_template'),
  'GET /polls/:pollId/stats': r('read', 'poll'),
  'GET /polls/:id': r('read', 'poll'),
  'PUT /polls/:id': r('write', 'poll', 'poll.update'),
  'DELETE /polls/:id': r('write', 'poll', 'poll.delete'),

  'GET /vote-types/': r('read'),
  'POST /vote-types/': r('write', undefined, 'vote_type.create'),
  'PUT /vote-types/:id': r('write', 'vote_type', 'vote_type.update'),
  'DELETE /vote-types/:id': r('write', 'vote_type', 'vote_type.delete'),
  'POST /vote-types/:id/close': r('write', 'vote_type', 'vote_type.close'),
  'POST /vote-types/:id/finish-count': r('write', 'vote_type', 'vote_type.finish_count'),
  'POST /vote-types/:id/reopen': r('write', 'vote_type', 'vote_type.reopen'),
  'POST /vote-types/:id/go-formal': r('write', 'vote_type', 'vote_type.go_formal'),
  'POST /vote-types/:id/codes': r('write', 'vote_type', 'ballot_codes.issue'),
  'GET /vote-types/:id/codes': r('read', 'vote_type'),
  'POST /vote-types/:id/codes/void': r('write', 'vote_type', 'ballot_codes.void'),
  'GET /vote-types/:id/codes.pdf': r('read', 'vote_type'),
  'GET /vote-types/:id/poster.pdf': r('read', 'vote_type'),
  // Paper ballots (issue 16): writers only, reads included (the entry screen and its checks).
  // Printing issues one code per sheet in codes mode (audited as the print).
  'GET /vote-types/:id/paper.pdf': r('write', 'vote_type', 'paper.print'),
  'GET /vote-types/:id/paper/form': r('write', 'vote_type'),
  'GET /vote-types/:id/paper/sheets': r('write', 'vote_type'),
  'POST /vote-types/:id/paper/sheets': r('write', 'vote_type', 'paper.enter'),
  'GET /vote-types/:id/paper/sheets/:key': r('write', 'vote_type'),
  'GET /vote-types/:id/paper/sheets/:key/detail': r('write', 'vote_type'),
  'PUT /vote-types/:id/paper/sheets/:key': r('write', 'vote_type', 'paper.correct'),
  'DELETE /vote-types/:id/paper/sheets/:key': r('write', 'vote_type', 'paper.withdraw'),

  'GET /vote-targets/': r('read'),
  'POST /vote-targets/': r('write', undefined, 'vote_target.create'),
  'PUT /vote-targets/reorder': r('write', undefined, 'vote_target.reorder'),
  'PUT /vote-targets/:id': r('write', 'vote_target', 'vote_target.update'),
  'DELETE /vote-targets/:id': r('write', 'vote_target', 'vote_target.delete'),
  'GET /vote-targets/results': r('read'),
  'GET /vote-targets/:id/history': r('read', 'vote_target'),
  'GET /vote-targets/import-template.xlsx': g('read'),
  'POST /vote-targets/import': r('write', undefined, 'vote_target.import'),

  'POST /evaluation-subjects/': r('write', undefined, 'evaluation_subject.create'),
  'GET /evaluation-subjects/company/:companyId': r('read'),
  'PUT /evaluation-subjects/reorder': r('write', undefined, 'evaluation_subject.reorder'),
  'PUT /evaluation-subjects/:id': r('write', 'evaluation_subject', 'evaluation_subject.update'),
  'DELETE /evaluation-subjects/:id': r('write', 'evaluation_subject', 'evaluation_subject.delete'),
  'GET /evaluation-subjects/import-template.xlsx': g('read'),
  // 民主推荐 (issue 30): 推荐职位 and their 参考人选, 姓名校改, the results (closed vote types only).
  'GET /recommendation-posts/': r('read'),
  'POST /recommendation-posts/': r('write', undefined, 'recommendation_post.create'),
  'PUT /recommendation-posts/:id': r('write', 'recommendation_post', 'recommendation_post.update'),
  'DELETE /recommendation-posts/:id': r('write', 'recommendation_post', 'recommendation_post.delete'),
  'POST /recommendation-posts/name-merges': r('write', undefined, 'recommendation_post.merge_names'),
  'GET /recommendation-posts/import-template.xlsx': g('read'),
  'POST /recommendation-posts/import': r('write', undefined, 'recommendation_post.import'),
  'GET /companies/:id/recommendation-results': r('read', 'company'),
  'GET /companies/:id/recommendation-results/export': r('read', 'company'),
  'POST /evaluation-subjects/import': r('write', undefined, 'evaluation_subject.import'),

  'POST /covers/': r('write', undefined, 'cover.upload'),
  'POST /covers/back-cover': r('write', undefined, 'cover.upload'),
  'GET /covers/:companyId/:voteTypeId': r('read'),
  'GET /covers/back-cover/:companyId/:voteTypeId': r('read'),
  'DELETE /covers/back-cover/:companyId/:voteTypeId': r('write', undefined, 'cover.delete'),
  'POST /covers/apply-to-all': r('write', undefined, 'cover.apply_to_all'),
  'GET /covers/:id/file': r('read', 'cover'),
  'DELETE /covers/:id': r('write', 'cover', 'cover.delete'),

  'GET /votes/': r('read'),
  'GET /votes/count': r('read'),
  'GET /votes/voter-results': r('read'),
  'GET /votes/voter-results/count': r('read'),
  'DELETE /votes/voter/:voter': r('write', undefined, 'votes.voter.delete'),
  'GET /votes/by-voter/:voter': r('read'),
  'GET /votes/turnout': r('read'),
  'GET /votes/:id': r('read', 'vote'),
  'GET /cadre-votes/': r('read'),
  'GET /cadre-votes/count': r('read'),
  'GET /cadre-votes/voter-results': r('read'),
  'GET /cadre-votes/voter-results/count': r('read'),
  'DELETE /cadre-votes/voter/:voter': r('write', undefined, 'cadre_votes.voter.delete'),
  'GET /cadre-votes/by-voter/:voter': r('read'),
  'GET /cadre-votes/:id': r('read', 'cadre_vote'),
  'GET /recommendation-votes/': r('read'),
  'GET /recommendation-votes/count': r('read'),
  'GET /recommendation-votes/voter-results': r('read'),
  'GET /recommendation-votes/voter-results/count': r('read'),
  'DELETE /recommendation-votes/voter/:voter': r('write', undefined, 'votes.voter.delete'),
  'GET /recommendation-votes/by-voter/:voter': r('read'),
  'GET /recommendation-votes/:id': r('read', 'recommendation_vote'),
  'GET /cadre-results/statistics': r('read'),
};

/** The table's key of a route: method and path under /api/v1/admin, a trailing slash ignored. */
export const routeKey = (method: string, url: string) =>
  `${method} ${url.replace(/^\/api\/v1\/admin/, '').replace(/\/$/, '')}`;

const BY_KEY = new Map(Object.entries(ROUTE_ACCESS).map(([k, v]) => [k.replace(/\/$/, ''), v]));

/** The entry of a route, or undefined when it is not classified. */
export const accessOf = (method: string, url: string) =>
  BY_KEY.get(routeKey(method === 'HEAD' ? 'GET' : method, url));
