import { MAX_INT } from '@kaoping/contracts/common';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { forbidden, invalid, notFound } from '../../lib/errors';
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
const BIG_IDS = new Set<ObjectKind>(['vote', 'cadre_vote']);

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
 * change its password.
 */
export function checkRole(request: FastifyRequest, rule: RouteAccess | undefined) {
  if (!rule) throw forbidden('该接口尚未登记访问权限');
  if (rule.kind === 'public') return;
  const admin = request.admin;
  if (!admin) throw forbidden('请先登录');
  if (rule.kind === 'self') return;
  if (admin.mustChangePassword) throw forbidden('请先修改密码');
  if (!admin.role) throw forbidden('账号尚未分配角色，请联系系统管理员');
  if (rule.kind === 'system' && admin.role !== 'system_admin') throw forbidden('仅系统管理员可以执行此操作');
  if (rule.kind === 'write' && admin.role === 'auditor') throw forbidden('监督员只能查看，不能修改');
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
    if (kind === 'company' && !seesUnit(admin, id)) throw notFound(lookup.notFound);
    const found = await lookup.find(db, id);
    if (!found) {
      // The route answers its own 404 (or 422) for an id that does not exist.
      if (isPathId) pathObjectMissing = true;
      continue;
    }
    if (!seesUnit(admin, found.companyId)) throw notFound(lookup.notFound);
    unitNamed = true;
    audit.companyId ??= found.companyId;
    if (isPathId) {
      audit.objectType = kind;
      audit.objectId = String(id);
      audit.before = found.row;
    }
  }
  if (!unitNamed && !rule.global && !pathObjectMissing && !admin.allUnits) {
    throw invalid('请先选择单位（company_id）');
  }
}
