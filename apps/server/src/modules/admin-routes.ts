import meetingRoutes from './meeting/meeting.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { emptyAuditContext, type AuditContext } from '../lib/audit-context';
import type { Db } from '../db/client';
import { RequestTransaction, runInTransaction } from '../lib/request-transaction';
import { checkRole, checkUnits } from './access/access-check';
import { accessOf, routeKey } from './access/route-access';
import accountsRoutes from './auth/accounts.routes';
import auditRoutes from './audit/audit.routes';
import { auditWrite } from './audit/audit-hook';
import authRoutes from './auth/auth.routes';
import { totpAccountRoutes, totpRoutes } from './auth/totp.routes';
import cadreResultsRoutes from './results/cadre-results.routes';
import cadreVotesRoutes from './records/cadre-votes.routes';
import recommendationVotesRoutes from './records/recommendation-votes.routes';
import companiesRoutes from './companies/companies.routes';
import companyResultsRoutes from './results/company-results.routes';
import coversRoutes from './covers/covers.routes';
import figuresRoutes from './figures/figures.routes';
import evaluationSubjectsRoutes from './evaluation-subjects/evaluation-subjects.routes';
import evaluationSubjectsImportRoutes from './evaluation-subjects/evaluation-subjects-import.routes';
import pollsRoutes from './polls/polls.routes';
import settingsRoutes from './settings/settings.routes';
import targetResultsRoutes from './results/target-results.routes';
import turnoutRoutes from './results/turnout.routes';
import recommendationImportRoutes from './recommendations/recommendation-import.routes';
import recommendationPostsRoutes from './recommendations/recommendation-posts.routes';
import recommendationResultsRoutes from './recommendations/recommendation-results.routes';
import recommendationDocsRoutes from './recommendation-docs/recommendation-docs.routes';
import voteTargetsRoutes from './vote-targets/vote-targets.routes';
import voteTargetsImportRoutes from './vote-targets/vote-targets-import.routes';
import voteTypesRoutes from './vote-types/vote-types.routes';
import votesRoutes from './records/votes.routes';
import codesRoutes from './vote-control/codes.routes';
import paperRoutes from './paper/paper.routes';
import preflightRoutes from './preflight/preflight.routes';
import voteControlRoutes from './vote-control/vote-control.routes';
import rankingsRoutes from './rankings/rankings.routes';
import reportCheckRoutes from './report-check/report-check.routes';
import { documentFigures } from './reports/document-figures';
import type { FiguresOf } from './report-check/report-check.service';
import { rankingsFigures } from './rankings/rankings-seal';
import reportRoutes from './reports/report.routes';
import exportRoutes from './reports/export.routes';
import roundsRoutes from './round-lifecycle/rounds.routes';
import targetHistoryRoutes from './round-lifecycle/target-history.routes';
import summaryRoutes from './summary/summary.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every admin route as registered (method and full path): the route walk test reads it. */
    adminRouteList: { method: string; url: string }[];
  }
  interface FastifyRequest {
    audit: AuditContext;
    /** The transaction of an audited write's handler (lib/request-transaction.ts); null elsewhere. */
    writeTransaction: RequestTransaction<Db> | null;
  }
}

const ruleOf = (request: FastifyRequest) => accessOf(request.method, request.routeOptions.url ?? '');

/**
 * A route whose entry has an audit action and is not a read (or is a read-role POST, like 重新核算, which
 * every role may run and which is audited): its handler runs in one transaction.
 */
const isAuditedWrite = (method: string, url: string) => {
  const rule = accessOf(method, url);
  return !!rule?.action && (rule.kind !== 'read' || method !== 'GET');
};

/**
 * Everything under /api/v1/admin. Only login and register are open; the rest needs a bearer token. Every
 * route passes the role and unit check of its entry in access/route-access.ts, and every successful write
 * leaves an audit row, committed in the same transaction as the write (decision 0043): the handler runs
 * in a transaction (`app.db` resolves to it, lib/request-transaction.ts), and the onSend hook appends the
 * row and commits before the answer leaves, or rolls back a refused write.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest('audit', null as unknown as AuditContext);
  app.decorateRequest('writeTransaction', null);
  /** Writes whose transaction has not ended yet: a clean stop waits for them before the database closes. */
  const unsettled = new Set<RequestTransaction<Db>>();
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    for (const method of methods) {
      const key = routeKey(method, route.url);
      if (method !== 'HEAD' && !app.adminRouteList.some((r) => routeKey(r.method, r.url) === key)) {
        app.adminRouteList.push({ method, url: route.url });
      }
    }
    if (!methods.some((m) => isAuditedWrite(m, route.url))) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function inTransaction(this: FastifyInstance, request, reply) {
      const transaction = new RequestTransaction(app.db);
      request.writeTransaction = transaction;
      unsettled.add(transaction);
      void transaction.closed.then(() => unsettled.delete(transaction));
      try {
        const answer: unknown = await runInTransaction(transaction, () => handler.call(this, request, reply));
        // The client went away and nothing will be sent (onSend never comes): nothing is kept.
        if (answer === undefined && request.raw.aborted) await transaction.rollback();
        return answer;
      } catch (err) {
        await transaction.rollback();
        throw err;
      }
    } as RouteHandlerMethod;
  });
  app.addHook('onClose', async () => {
    await Promise.race([
      Promise.all([...unsettled].map((t) => t.closed)),
      new Promise((resolve) => setTimeout(resolve, 15_000).unref()),
    ]);
  });
  app.addHook('onRequest', async (request) => {
    request.audit = emptyAuditContext();
  });
  app.addHook('preValidation', async (request) =>
    checkRole(request, ruleOf(request), app.config.REQUIRE_2FA),
  );
  app.addHook('preHandler', async (request) => checkUnits(app.db, request, ruleOf(request)));
  app.addHook('onSend', async (request, reply, payload) => {
    const rule = ruleOf(request);
    const action = isAuditedWrite(request.method, request.routeOptions.url ?? '') ? rule?.action : undefined;
    await auditWrite(app.db, request, reply, payload, action, request.writeTransaction ?? undefined);
    return payload;
  });
  // A write whose answer never went through onSend (the connection broke) keeps nothing.
  app.addHook('onResponse', async (request) => request.writeTransaction?.rollback());

  await app.register(authRoutes, { prefix: '/auth' });

  await app.register(async (secured) => {
    secured.addHook('onRequest', secured.authenticate);
    await secured.register(accountsRoutes, { prefix: '/users' });
    await secured.register(totpAccountRoutes, { prefix: '/users' });
    await secured.register(totpRoutes, { prefix: '/auth/totp' });
    await secured.register(auditRoutes, { prefix: '/audit-log' });
    await secured.register(companiesRoutes, { prefix: '/companies' });
    await secured.register(pollsRoutes, { prefix: '/polls' });
    await secured.register(voteTypesRoutes, { prefix: '/vote-types' });
    await secured.register(voteControlRoutes, { prefix: '/vote-types' });
    await secured.register(codesRoutes, { prefix: '/vote-types' });
    await secured.register(paperRoutes, { prefix: '/vote-types' });
    await secured.register(voteTargetsRoutes, { prefix: '/vote-targets' });
    await secured.register(evaluationSubjectsRoutes, { prefix: '/evaluation-subjects' });
    await secured.register(voteTargetsImportRoutes, { prefix: '/vote-targets' });
    await secured.register(evaluationSubjectsImportRoutes, { prefix: '/evaluation-subjects' });
    await secured.register(recommendationPostsRoutes, { prefix: '/recommendation-posts' });
    await secured.register(recommendationImportRoutes, { prefix: '/recommendation-posts' });
    await secured.register(recommendationResultsRoutes, { prefix: '/companies' });
    await secured.register(recommendationDocsRoutes, { prefix: '/companies' });
    await secured.register(coversRoutes, { prefix: '/covers' });
    await secured.register(votesRoutes, { prefix: '/votes' });
    await secured.register(cadreVotesRoutes, { prefix: '/cadre-votes' });
    await secured.register(recommendationVotesRoutes, { prefix: '/recommendation-votes' });
    await secured.register(cadreResultsRoutes, { prefix: '/cadre-results' });
    await secured.register(companyResultsRoutes, { prefix: '/companies' });
    await secured.register(targetResultsRoutes, { prefix: '/vote-targets' });
    await secured.register(roundsRoutes, { prefix: '/companies' });
    await secured.register(reportRoutes, { prefix: '/companies' });
    await secured.register(exportRoutes, { prefix: '/companies' });
    await secured.register(summaryRoutes, { prefix: '/companies' });
    await secured.register(figuresRoutes, { prefix: '/companies' });
    await secured.register(targetHistoryRoutes, { prefix: '/vote-targets' });
    await secured.register(turnoutRoutes, { prefix: '/votes' });
    await secured.register(settingsRoutes, { prefix: '/settings' });
    await secured.register(meetingRoutes, { prefix: '/meeting' });
    await secured.register(rankingsRoutes, { prefix: '/rankings' });
    await secured.register(preflightRoutes, { prefix: '/preflight' });
    // The 跨单位排名 is read again by its module, a unit's documents by the reports module.
    const figuresOf: FiguresOf = (db, kind, sealed) =>
      'scope' in sealed ? rankingsFigures(db, sealed.scope) : documentFigures(db, kind, sealed);
    await secured.register(reportCheckRoutes, { prefix: '/report-check', figuresOf });
  });
};

export default adminRoutes;
