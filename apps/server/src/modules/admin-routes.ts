import meetingRoutes from './meeting/meeting.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import authRoutes from './auth/auth.routes';
import cadreResultsRoutes from './results/cadre-results.routes';
import cadreVotesRoutes from './votes/cadre-votes.routes';
import companiesRoutes from './companies/companies.routes';
import companyResultsRoutes from './results/company-results.routes';
import coversRoutes from './covers/covers.routes';
import evaluationSubjectsRoutes from './evaluation-subjects/evaluation-subjects.routes';
import pollsRoutes from './polls/polls.routes';
import settingsRoutes from './settings/settings.routes';
import targetResultsRoutes from './results/target-results.routes';
import turnoutRoutes from './results/turnout.routes';
import voteTargetsRoutes from './vote-targets/vote-targets.routes';
import voteTypesRoutes from './vote-types/vote-types.routes';
import votesRoutes from './votes/votes.routes';
import codesRoutes from './vote-control/codes.routes';
import voteControlRoutes from './vote-control/vote-control.routes';
import roundsRoutes from './round-admin/rounds.routes';
import targetHistoryRoutes from './round-admin/target-history.routes';

/** Everything under /api/v1/admin. Only login and register are open; the rest needs a bearer token. */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(authRoutes, { prefix: '/auth' });

  await app.register(async (secured) => {
    secured.addHook('onRequest', secured.authenticate);
    await secured.register(companiesRoutes, { prefix: '/companies' });
    await secured.register(pollsRoutes, { prefix: '/polls' });
    await secured.register(voteTypesRoutes, { prefix: '/vote-types' });
    await secured.register(voteControlRoutes, { prefix: '/vote-types' });
    await secured.register(codesRoutes, { prefix: '/vote-types' });
    await secured.register(voteTargetsRoutes, { prefix: '/vote-targets' });
    await secured.register(evaluationSubjectsRoutes, { prefix: '/evaluation-subjects' });
    await secured.register(coversRoutes, { prefix: '/covers' });
    await secured.register(votesRoutes, { prefix: '/votes' });
    await secured.register(cadreVotesRoutes, { prefix: '/cadre-votes' });
    await secured.register(cadreResultsRoutes, { prefix: '/cadre-results' });
    await secured.register(companyResultsRoutes, { prefix: '/companies' });
    await secured.register(targetResultsRoutes, { prefix: '/vote-targets' });
    await secured.register(roundsRoutes, { prefix: '/companies' });
    await secured.register(targetHistoryRoutes, { prefix: '/vote-targets' });
    await secured.register(turnoutRoutes, { prefix: '/votes' });
    await secured.register(settingsRoutes, { prefix: '/settings' });
    await secured.register(meetingRoutes, { prefix: '/meeting' });
  });
};

export default adminRoutes;
