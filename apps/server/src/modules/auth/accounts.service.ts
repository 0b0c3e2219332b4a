import { hash } from '@node-rs/argon2';
import type { AccountCreateBody, AccountUpdateBody, LockKind } from '@kaoping/contracts/accounts';
import { ROLE_LABELS, type Role } from '@kaoping/contracts/auth';
import type { Db } from '../../db/client';
import type { AuditContext } from '../../lib/audit-context';
import { fail, isForeignKeyViolation, isUniqueViolation } from '../../lib/errors';
import * as repo from './auth.repository';
import { passwordHasUsername } from '@kaoping/contracts/password-rule';
import { clearAccount, liveLocks } from './account-locks.repository';
import { isRole } from './roles';

type AccountRow = repo.UserRow & { unitIds: number[] };

/** A live lock as the accounts screen shows it. */
interface AccountLock {
  kind: LockKind;
  until: string;
}

export function mapAccount(row: AccountRow, locks: AccountLock[] = []) {
  return {
    id: row.id,
    username: row.username,
    role: isRole(row.role) ? row.role : null,
    all_units: row.role === 'system_admin' || row.allUnits,
    unit_ids: row.unitIds,
    disabled: row.disabled,
    must_change_password: row.mustChangePassword,
    totp_enabled: row.totpSecret !== null,
    locks,
    created_at: row.createdAt.toISOString(),
  };
}

const roleName = (r: string | null) => (isRole(r) ? ROLE_LABELS[r] : '无角色');

/** Only an auditor may see all units; a unit admin is given units one by one; a system admin has all. */
function unitsFor(role: Role | null, allUnits: boolean, unitIds: number[]) {
  if (role === 'system_admin') return { allUnits: true, unitIds: [] };
  if (allUnits && role !== 'auditor') throw fail('ALL_UNITS_AUDITOR_ONLY');
  return { allUnits, unitIds: allUnits ? [] : unitIds };
}

async function findAccount(db: Db, id: number) {
  const row = await repo.findUserWithUnits(db, id);
  if (!row) throw fail('ACCOUNT_NOT_FOUND');
  return row;
}

/** The live locks (sign-in, advanced mode, password change) by account. */
async function locksBy(db: Db, userId?: number) {
  const by = new Map<number, AccountLock[]>();
  for (const l of await liveLocks(db, userId)) {
    const list = by.get(l.userId) ?? [];
    list.push({ kind: l.kind as LockKind, until: l.lockedUntil!.toISOString() });
    by.set(l.userId, list);
  }
  return by;
}

/** One account as the screen shows it, locks included. */
async function accountView(db: Db, id: number) {
  const row = await findAccount(db, id);
  return mapAccount(row, (await locksBy(db, id)).get(id));
}

export async function listAccounts(db: Db) {
  const locks = await locksBy(db);
  return (await repo.listUsers(db)).map((row) => mapAccount(row, locks.get(row.id)));
}

export async function createAccount(db: Db, body: AccountCreateBody, audit: AuditContext) {
  const units = unitsFor(body.role, body.all_units, body.unit_ids);
  const passwordHash = await hash(body.password);
  try {
    const id = await db.transaction(async (tx) => {
      const row = await repo.insertUser(tx, {
        username: body.username,
        passwordHash,
        role: body.role,
        allUnits: units.allUnits,
        mustChangePassword: true,
      });
      await repo.setUserUnits(tx, row.id, units.unitIds);
      return row.id;
    });
    audit.summary = `新建账号“${body.username}”（${roleName(body.role)}）`;
    audit.objectId = String(id);
    return await accountView(db, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw fail('USERNAME_TAKEN');
    if (isForeignKeyViolation(err)) throw fail('ACCOUNT_UNIT_NOT_FOUND');
    throw err;
  }
}

/** Role, units, disabled. Nobody changes their own role or disables themselves; the last system admin stays. */
export async function updateAccount(
  db: Db,
  selfId: number,
  id: number,
  body: AccountUpdateBody,
  audit: AuditContext,
) {
  if (id === selfId && (body.role !== undefined || body.disabled !== undefined)) {
    throw fail('SELF_ROLE_CHANGE');
  }
  try {
    await db.transaction(async (tx) => {
      await repo.lockSystemAdmins(tx);
      const before = await findAccount(tx, id);
      const role = body.role ?? (isRole(before.role) ? before.role : null);
      const disabled = body.disabled ?? before.disabled;
      const leavesAdmins =
        before.role === 'system_admin' && !before.disabled && (role !== 'system_admin' || disabled);
      if (leavesAdmins && (await repo.countOtherActiveSystemAdmins(tx, id)) === 0) {
        throw fail('LAST_ADMIN_DEMOTE');
      }
      const units = unitsFor(role, body.all_units ?? before.allUnits, body.unit_ids ?? before.unitIds);
      // A disable ends the account's tokens at once.
      await repo.updateUser(
        tx,
        id,
        { role, disabled, allUnits: units.allUnits },
        disabled && !before.disabled,
      );
      await repo.setUserUnits(tx, id, units.unitIds);
      const changes = [
        role !== before.role ? `角色：${roleName(before.role)} → ${roleName(role)}` : '',
        disabled !== before.disabled ? (disabled ? '停用' : '启用') : '',
        body.unit_ids !== undefined || body.all_units !== undefined ? '调整单位' : '',
      ].filter(Boolean);
      audit.summary = `账号“${before.username}” ${changes.join('；') || '未变化'}`;
      audit.objectType = 'account';
      audit.objectId = String(id);
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw fail('ACCOUNT_UNIT_NOT_FOUND');
    throw err;
  }
  return accountView(db, id);
}

/** A new password set by a system admin: older tokens end and the user must change it at next sign-in. */
export async function resetPassword(db: Db, id: number, password: string, audit: AuditContext) {
  const before = await findAccount(db, id);
  if (passwordHasUsername(password, before.username)) throw fail('PASSWORD_HAS_USERNAME');
  await repo.updateUser(db, id, { passwordHash: await hash(password), mustChangePassword: true }, true);
  audit.summary = `重置账号“${before.username}”的密码`;
  audit.objectType = 'account';
  audit.objectId = String(id);
}

export async function deleteAccount(db: Db, selfId: number, id: number, audit: AuditContext) {
  if (id === selfId) throw fail('SELF_DELETE');
  await db.transaction(async (tx) => {
    await repo.lockSystemAdmins(tx);
    const before = await findAccount(tx, id);
    if (
      before.role === 'system_admin' &&
      !before.disabled &&
      (await repo.countOtherActiveSystemAdmins(tx, id)) === 0
    ) {
      throw fail('LAST_ADMIN_DELETE');
    }
    await repo.deleteUser(tx, id);
    audit.summary = `删除账号“${before.username}”（${roleName(before.role)}）`;
    audit.objectType = 'account';
    audit.objectId = String(id);
  });
}

/**
 * 解除锁定: a system admin lifts every lock of an account (sign-in, advanced mode, password change) and
 * starts its counts again; 409 when none is live.
 */
export async function unlockAccount(db: Db, id: number, audit: AuditContext) {
  const before = await findAccount(db, id);
  if ((await clearAccount(db, id)) === 0) throw fail('ACCOUNT_NOT_LOCKED');
  audit.summary = `解除账号“${before.username}”的锁定`;
  audit.objectType = 'account';
  audit.objectId = String(id);
  return accountView(db, id);
}
