import { Result } from 'antd';

/** Placeholder for an admin screen whose issue is not built yet. */
export function ComingSoon({ title }: { title: string }) {
  return <Result status="info" title={title} subTitle="该功能正在建设中，敬请期待。" />;
}
