import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import meetingPublicRoutes from './meeting/meeting-public.routes';
import publicPollsRoutes from './public/public-polls.routes';

/** Everything under /api/v1/public: what an anonymous voter may read and the ballot submission. */
const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(publicPollsRoutes, { prefix: '/polls' });
  await app.register(meetingPublicRoutes, { prefix: '/meeting' });
};

export default publicRoutes;
