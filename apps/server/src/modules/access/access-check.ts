import { MAX_INT } from '@kaoping/contracts/common';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import { seesUnit } from '../auth/roles';
import type { RouteAccess } from './route-access';
import { UNIT_LOOKUP, type ObjectKind } from './unit-lookup';

type Bag = Record<string, unknown> | undefined;

// Field names that name a unit's object wherever they appear (path, query or body).
const NAMED_IDS: [string, ObjectKind][] = [
  ['company_id', 'company'],
  ['companyId', 'company'],
  ['vote_type_id', 'vote_type'],
  ['voteTypeId', 'vote_type'],
  ['target_id', 'vote_target'],
];

// A ballot record's id is random up to 52 bits (db/ballot-defaults.ts), not a PostgreSQL integer.
const BIG_IDS = new Set<ObjectKind>(['vote', 'cadre_vote', 'recommendation_vote']);

const asId = (v: unknown, max = MAX_INT) => {
  const n = typeof v === 'string' && /^\d{1,16}$/.test(v) ? Number(v) : v;
  // Beyond the column's range no row can exist: such an id is left to the route's own 400/404.
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 && n <= max ? n : undefined;
};

/** Every id in the request that names something of a unit, the declared `:id` first. */
function namedIds(request: FastifyRequest, rule: RouteAccess) {
  const params = request.params as Bag;
  const found: { kind: ObjectKind; id: number; isPathId: boolean }[] = [];
  if (rule.id) {
    const id = asId(params?.id ?? params?.pollId, BIG_IDS.has(rule.id) ? Number.MAX_SAFE_INTEGER : MAX_INT);
    if (id) found.push({ kind: rule.id, id, isPathId: true });
  }
  const body = request.body && typeof request.body === 'object' ? (request.body as Bag) : undefined;
  for (const bag of [params, request.query as Bag, body]) {
    for (const [key, kind] of NAMED_IDS) {
      const id = asId(bag?.[key]);
      if (id) found.push({ kind, id, isPathId: false });
    }
  }
  return found;
}

/**
 * The role check of one admin request (preValidation, so an auditor's write is 403 whatever its body):
 * 403 for a role that may not call the route, and for an account without a role or that must first
 * change its password or, under REQUIRE_2FA (`requireTotp`), set up a second factor.
 */
export function checkRole(request: FastifyRequest, rule: RouteAccess | undefined, requireTotp = false) {
  if (!rule) throw fail('ROUTE_ACCESS_UNDECLARED');
  if (rule.kind === 'public') return;
  const admin = request.admin;
  if (!admin) throw fail('LOGIN_REQUIRED');
  if (rule.kind === 'self') return;
  if (admin.mustChangePassword) throw fail('PASSWORD_CHANGE_REQUIRED');
  if (requireTotp && !admin.hasSecondFactor) throw fail('TOTP_SETUP_REQUIRED');
  if (!admin.role) throw fail('ROLE_MISSING');
  if (rule.kind === 'system' && admin.role !== 'system_admin') throw fail('SYSTEM_ADMIN_ONLY');
  if (rule.kind === 'write' && admin.role === 'auditor') throw fail('AUDITOR_READ_ONLY');
}

/**
 * The unit check (preHandler, on the parsed request): 404 when any id names another unit's object, as if
 * it did not exist, 422 when a unit-bound route names no unit for an admin of some units only; fills the
 * request's audit context with the unit, the object and its state before the write.
 */
export async function checkUnits(db: Db, request: FastifyRequest, rule: RouteAccess | undefined) {
  const admin = request.admin;
  if (!rule || !admin || rule.kind === 'public' || rule.kind === 'self') return;
  const audit = request.audit;
  let unitNamed = false;
  let pathObjectMissing = false;
  for (const { kind, id, isPathId } of namedIds(request, rule)) {
    const lookup = UNIT_LOOKUP[kind];
    if (kind === 'company' && !seesUnit(admin, id)) throw fail(lookup.notFound);
    const found = await lookup.find(db, id);
    if (!found) {
      // The route answers its own 404 (or 422) for an id that does not exist.
      if (isPathId) pathObjectMissing = true;
      continue;
    }
    if (!seesUnit(admin, found.companyId)) throw fail(lookup.notFound);
    unitNamed = true;
    audit.companyId ??= found.companyId;
    if (isPathId) {
      audit.objectType = kind;
      audit.objectId = String(id);
      audit.before = found.row;
    }
  }
  if (!unitNamed && !rule.global && !pathObjectMissing && !admin.allUnits) {
    throw fail('COMPANY_REQUIRED');
  }
}
