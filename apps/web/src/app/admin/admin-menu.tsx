import type { ReactNode } from 'react';
import type { Role } from '@kaoping/contracts/auth';
import {
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  CheckCircleOutlined,
  FileImageOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  HistoryOutlined,
  IdcardOutlined,
  LikeOutlined,
  OrderedListOutlined,
  ProfileOutlined,
  QrcodeOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  SolutionOutlined,
  TableOutlined,
  TeamOutlined,
  TrophyOutlined,
  UserOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';

export interface MenuEntry {
  /** Path below /admin ('' is the company list). */
  path: string;
  label: string;
  icon: ReactNode;
  /** An entry shows in the side menu once its screen exists. */
  ready: boolean;
  /** Who sees it (and may open its page); default: system and unit admins. */
  roles?: readonly Role[];
}

const EDITORS: readonly Role[] = ['system_admin', 'unit_admin'];
const EVERYONE: readonly Role[] = ['system_admin', 'unit_admin', 'auditor'];
const SYSTEM: readonly Role[] = ['system_admin'];

export interface MenuGroup {
  label: string;
  entries: MenuEntry[];
}

export const ADMIN_MENU: MenuGroup[] = [
  {
    label: '基础设置',
    entries: [
      { path: '', label: '单位管理', icon: <BankOutlined />, ready: true },
      { path: 'rounds', label: '测评批次', icon: <HistoryOutlined />, ready: true, roles: EVERYONE },
      { path: 'accounts', label: '账号管理', icon: <UserSwitchOutlined />, ready: true, roles: SYSTEM },
      {
        path: 'audit-log',
        label: '审计日志',
        icon: <SafetyCertificateOutlined />,
        ready: true,
        roles: EVERYONE,
      },
      { path: 'settings', label: '系统设置', icon: <SettingOutlined />, ready: true, roles: SYSTEM },
    ],
  },
  {
    label: '问卷管理',
    entries: [
      { path: 'poll-management', label: '班子测评表', icon: <FileTextOutlined />, ready: true },
      { path: 'person-poll-management', label: '个人测评表', icon: <UserOutlined />, ready: true },
      { path: 'cadre-poll-management', label: '选人用人工作问卷', icon: <SolutionOutlined />, ready: true },
      {
        path: 'newly-promoted-poll-management',
        label: '新提拔干部评议表',
        icon: <ProfileOutlined />,
        ready: true,
      },
    ],
  },
  {
    label: '投票设置',
    entries: [
      { path: 'vote-types', label: '投票类型', icon: <QrcodeOutlined />, ready: true },
      { path: 'vote-targets', label: '测评对象', icon: <TeamOutlined />, ready: true },
      { path: 'recommendation-posts', label: '推荐职位', icon: <IdcardOutlined />, ready: true },
      { path: 'covers', label: '封面管理', icon: <FileImageOutlined />, ready: true },
      { path: 'preflight', label: '会前检查', icon: <CheckCircleOutlined />, ready: true },
    ],
  },
  {
    label: '结果统计',
    entries: [
      {
        path: 'results',
        roles: EVERYONE,
        label: '测评结果',
        icon: <BarChartOutlined />,
        ready: true,
      },
      {
        path: 'summary',
        roles: EVERYONE,
        label: '汇总表',
        icon: <TableOutlined />,
        ready: true,
      },
      {
        path: 'vote-records',
        roles: EVERYONE,
        label: '投票记录',
        icon: <OrderedListOutlined />,
        ready: true,
      },
      {
        path: 'cadre-vote-results',
        roles: EVERYONE,
        label: '评议结果',
        icon: <BarChartOutlined />,
        ready: true,
      },
      {
        path: 'cadre-vote-records',
        roles: EVERYONE,
        label: '民主评议记录',
        icon: <AuditOutlined />,
        ready: true,
      },
      {
        path: 'recommendation-results',
        roles: EVERYONE,
        label: '民主推荐结果',
        icon: <LikeOutlined />,
        ready: true,
      },
      {
        path: 'recommendation-records',
        roles: EVERYONE,
        label: '民主推荐记录',
        icon: <SolutionOutlined />,
        ready: true,
      },
      { path: 'rankings', roles: EVERYONE, label: '跨单位排名', icon: <TrophyOutlined />, ready: true },
      {
        path: 'report-check',
        roles: EVERYONE,
        label: '报告核验',
        icon: <FileProtectOutlined />,
        ready: true,
      },
    ],
  },
];

/** Whether a role may open the page at `path` (the first segment below /admin). */
export function roleMayOpen(role: Role, path: string): boolean {
  const entry = ADMIN_MENU.flatMap((g) => g.entries).find((e) => e.path === path);
  return (entry?.roles ?? EDITORS).includes(role);
}
