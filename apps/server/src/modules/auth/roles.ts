/** The roles an admin account can have (docs/ARCHITECTURE.md "Roles and unit scope"). */
export const ROLES = ['system_admin', 'unit_admin', 'auditor'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

/** The signed-in administrator of a request, read from the database on every request. */
export interface SignedInAdmin {
  id: number;
  username: string;
  role: Role | null;
  /** True for a system admin and an auditor of all units. */
  allUnits: boolean;
  /** The assigned units (ignored when allUnits). */
  unitIds: number[];
  mustChangePassword: boolean;
  /** A second factor (TOTP) is on; with REQUIRE_2FA an account without one may only set one up. */
  hasSecondFactor: boolean;
}

/** Whether the admin may see this unit at all. */
export const seesUnit = (admin: SignedInAdmin, companyId: number) =>
  admin.allUnits || admin.unitIds.includes(companyId);

/** The units the admin may see, or null for all. */
export const visibleUnits = (admin: SignedInAdmin): number[] | null =>
  admin.allUnits ? null : admin.unitIds;
