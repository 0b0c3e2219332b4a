import type { ReactNode } from 'react';
import {
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  FileImageOutlined,
  FileTextOutlined,
  HistoryOutlined,
  OrderedListOutlined,
  ProfileOutlined,
  QrcodeOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';

export interface MenuEntry {
  /** Path below /admin ('' is the company list). */
  path: string;
  label: string;
  icon: ReactNode;
  /** An entry shows in the side menu once its screen exists. */
  ready: boolean;
}

export interface MenuGroup {
  label: string;
  entries: MenuEntry[];
}

export const ADMIN_MENU: MenuGroup[] = [
  {
    label: '基础设置',
    entries: [
      { path: '', label: '单位管理', icon: <BankOutlined />, ready: true },
      { path: 'rounds', label: '测评批次', icon: <HistoryOutlined />, ready: true },
      { path: 'settings', label: '系统设置', icon: <SettingOutlined />, ready: true },
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
      { path: 'covers', label: '封面管理', icon: <FileImageOutlined />, ready: true },
    ],
  },
  {
    label: '结果统计',
    entries: [
      { path: 'results', label: '测评结果', icon: <BarChartOutlined />, ready: true },
      { path: 'vote-records', label: '投票记录', icon: <OrderedListOutlined />, ready: true },
      { path: 'cadre-vote-results', label: '评议结果', icon: <BarChartOutlined />, ready: true },
      { path: 'cadre-vote-records', label: '民主评议记录', icon: <AuditOutlined />, ready: true },
    ],
  },
];
