import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, idParams } from '@kaoping/contracts/common';
import { companyScopeQuery, reorderBody } from '@kaoping/contracts/vote-type';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { actorOf } from '../../lib/actor';
import { elevatedUntil } from '../auth/auth-token';
import type { ReorderRequest } from './company-order.service';
import type { DeleteOptions } from './roster.service';

/** The writes of one roster (测评对象 or 评议对象): their shapes, their OpenAPI texts and the owner's service. */
export interface RosterWrites<C, U> {
  tag: string;
  schemas: { row: z.ZodType; list: z.ZodType; create: z.ZodType<C>; update: z.ZodType<U> };
  summaries: { create: string; update: string; delete: string };
  create(db: Db, body: C): Promise<unknown>;
  update(db: Db, id: number, body: U): Promise<unknown>;
  reorder(db: Db, body: ReorderRequest): Promise<unknown>;
  remove(db: Db, id: number, opts: DeleteOptions): Promise<void>;
}

/**
 * POST /, PUT /reorder, PUT /{id} and DELETE /{id} of a roster, the same under /vote-targets and
 * /evaluation-subjects; each owner declares its own list route beside them.
 */
export function rosterWriteRoutes<C, U>(base: FastifyInstance, spec: RosterWrites<C, U>) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = [spec.tag];
  const security = [{ bearerAuth: [] }];

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: spec.summaries.create,
        body: spec.schemas.create,
        response: { 201: spec.schemas.row, 404: errorResponse, 422: errorResponse },
      },
    },
    // The provider types a generic body as UndefinedToUnknown<C>; it is C once validated.
    async (request, reply) => reply.status(201).send(await spec.create(app.db, request.body as C)),
  );

  // Declared before /:id for readers; the router prefers the static segment anyway.
  app.put(
    '/reorder',
    {
      schema: {
        tags,
        security,
        summary: '批量排序（同一事务，全部成功或全部不变）',
        body: reorderBody,
        response: { 200: spec.schemas.list, 404: errorResponse, 422: errorResponse },
      },
    },
    async (request) => spec.reorder(app.db, request.body),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: spec.summaries.update,
        params: idParams,
        body: spec.schemas.update,
        response: { 200: spec.schemas.row, 404: errorResponse, 422: errorResponse },
      },
    },
    async (request) => spec.update(app.db, request.params.id, request.body as U),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: spec.summaries.delete,
        params: idParams,
        querystring: companyScopeQuery,
        response: { 204: z.null(), 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      await spec.remove(app.db, request.params.id, {
        companyId: request.query.company_id,
        actor: actorOf(request),
        elevated: elevatedUntil(request.user) !== null,
      });
      return reply.status(204).send(null);
    },
  );
}
