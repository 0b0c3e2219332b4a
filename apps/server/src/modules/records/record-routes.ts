import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countResponse, errorResponse } from '@kaoping/contracts/common';
import { ballotIdParams, voterBallotsQuery, voterParams } from '@kaoping/contracts/records';
import type { z } from 'zod';
import {
  countRecords,
  getRecord,
  listRecords,
  recordsByVoter,
  type RecordSource,
  type RowBase,
} from './ballot-records';
import voterRoutes from './voter-routes';

const security = [{ bearerAuth: [] }];

/** A family's record routes: its source, the shapes of its queries and answers, and their OpenAPI texts. */
export interface RecordRoutesOptions<R extends RowBase, F, Q extends F, Rec, E> {
  source: RecordSource<R, F, Q, Rec, E>;
  tag: string;
  schemas: {
    listQuery: z.ZodType<Q>;
    filterQuery: z.ZodType<F>;
    list: z.ZodType;
    detail: z.ZodType;
    byVoter: z.ZodType;
  };
  summaries: { list: string; count: string; byVoter: string; detail: string };
}

/**
 * Ballot records, per-voter results and the voter delete of one family: the same routes under /votes
 * (民主测评), /cadre-votes (民主评议) and /recommendation-votes (民主推荐), as voter-routes.ts is for the
 * per-voter part.
 */
export function recordRoutes<R extends RowBase, F, Q extends F, Rec, E>(
  opts: RecordRoutesOptions<R, F, Q, Rec, E>,
): FastifyPluginAsyncZod {
  const { source, schemas, summaries } = opts;
  const tags = [opts.tag];
  return async (app) => {
    app.get(
      '/',
      {
        schema: {
          tags,
          security,
          summary: summaries.list,
          querystring: schemas.listQuery,
          response: { 200: schemas.list, 400: errorResponse },
        },
      },
      // The provider types an optional-everything query as UndefinedToUnknown<Q>; it is Q once validated.
      async (request) => listRecords(app.db, source, request.query as Q),
    );

    app.get(
      '/count',
      {
        schema: {
          tags,
          security,
          summary: summaries.count,
          querystring: schemas.filterQuery,
          response: { 200: countResponse, 400: errorResponse },
        },
      },
      async (request) => countRecords(app.db, source, request.query),
    );

    await app.register(voterRoutes, { family: source.family });

    app.get(
      '/by-voter/:voter',
      {
        schema: {
          tags,
          security,
          summary: summaries.byVoter,
          params: voterParams,
          querystring: voterBallotsQuery,
          response: { 200: schemas.byVoter, 400: errorResponse, 404: errorResponse },
        },
      },
      async (request) =>
        recordsByVoter(app.db, source, request.params.voter, {
          companyId: request.query.company_id,
          voteTypeId: request.query.vote_type_id,
          roundId: request.query.round_id,
        }),
    );

    app.get(
      '/:id',
      {
        schema: {
          tags,
          security,
          summary: summaries.detail,
          params: ballotIdParams,
          response: { 200: schemas.detail, 400: errorResponse, 404: errorResponse },
        },
      },
      async (request) => getRecord(app.db, source, request.params.id),
    );
  };
}
