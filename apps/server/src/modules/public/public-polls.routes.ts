import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import publicBallotRoutes from './public-ballot.routes';
import publicReadRoutes from './public-read.routes';

/**
 * /api/v1/public/polls: anonymous. Request logs are kept at warn here: an info line per request would
 * put the voter's IP address next to the moment a ballot was cast.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', (route) => {
    route.logLevel = 'warn';
  });
  await app.register(publicBallotRoutes);
  await app.register(publicReadRoutes);
};

export default routes;
