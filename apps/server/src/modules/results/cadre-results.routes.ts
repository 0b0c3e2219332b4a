import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Not built yet: its issue fills this in. Until then every path here answers 404.
const routes: FastifyPluginAsyncZod = async () => {};

export default routes;
