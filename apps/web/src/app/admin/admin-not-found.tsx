import { Button, Result } from 'antd';
import { Link } from 'react-router';

export default function AdminNotFound() {
  return (
    <Result
      status="404"
      title="页面不存在"
      subTitle="该管理页面不存在，请从左侧菜单进入。"
      extra={
        <Link to="/admin">
          <Button type="primary">返回单位管理</Button>
        </Link>
      }
    />
  );
}
