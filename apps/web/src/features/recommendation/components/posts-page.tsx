import { useEffect, useRef, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { RecommendationPost } from '@kaoping/contracts/recommendation';
import { Alert, App, Button, Empty, Skeleton, Typography } from 'antd';
import { CompanySelect, NO_COMPANY_WARNING } from '@/components/company-select';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { errorDetail } from '@/lib/api-client';
import { useCompanyParam } from '@/lib/use-company-param';
import { postsApi, postsKey, usePosts } from '../api/posts';
import { PostCard } from './post-card';
import { PostFormModal, type PostFields } from './post-form-modal';
import { PostsImportButton } from './posts-import';
import './recommendation.css';

/** 推荐职位管理 (issue 30): the posts of 民主推荐 of one unit's current round, with their candidates. */
export default function RecommendationPostsPage() {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [companyId, setCompanyId] = useCompanyParam();
  const query = usePosts(companyId);
  const [dialog, setDialog] = useState<{ open: boolean; editing?: RecommendationPost }>({ open: false });
  const [saving, setSaving] = useState(false);

  const hadCompany = useRef(companyId !== undefined);
  useEffect(() => {
    if (hadCompany.current && companyId === undefined) message.warning(NO_COMPANY_WARNING);
    hadCompany.current = companyId !== undefined;
  }, [companyId, message]);

  const reload = () =>
    companyId === undefined ? undefined : qc.invalidateQueries({ queryKey: postsKey(companyId) });

  const save = async (fields: PostFields) => {
    if (companyId === undefined) return;
    const editing = dialog.editing;
    setSaving(true);
    try {
      if (editing) await postsApi.update(editing.id, { ...fields, company_id: companyId });
      else {
        const { candidates, ...rest } = fields;
        await postsApi.create({
          ...rest,
          company_id: companyId,
          candidates: candidates.map(({ id: _id, ...c }) => c),
        });
      }
      message.success(editing ? '推荐职位已保存' : '推荐职位已添加');
      setDialog({ open: false });
    } catch (err) {
      message.error(errorDetail(err, editing ? '修改失败' : '添加失败'));
    } finally {
      setSaving(false);
      void reload();
    }
  };

  const confirmDelete = (post: RecommendationPost) => {
    if (companyId === undefined) return;
    modal.confirm({
      title: `删除推荐职位“${post.name}”？`,
      content: `将同时删除其 ${post.candidates.length} 名参考人选，此操作不可恢复。已有选票推荐该职位时不能删除。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await postsApi.remove(post.id, companyId);
          message.success('删除成功');
        } catch (err) {
          message.error(errorDetail(err, '删除失败'));
        } finally {
          void reload();
        }
      },
    });
  };

  const posts = query.data ?? [];
  return (
    <>
      <PageHeader
        title="推荐职位管理"
        currentRoundOf={companyId}
        extra={
          <>
            <PostsImportButton
              companyId={companyId}
              disabled={companyId === undefined || !query.data}
              onImported={() => void reload()}
            />
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={companyId === undefined || !query.data}
              onClick={() => setDialog({ open: true })}
            >
              添加推荐职位
            </Button>
          </>
        }
      >
        <CompanySelect value={companyId} onChange={setCompanyId} />
      </PageHeader>
      {companyId === undefined ? (
        <Alert type="warning" showIcon title={NO_COMPANY_WARNING} />
      ) : query.isError && !query.data ? (
        <LoadError title="获取推荐职位失败" error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isLoading ? (
        <Skeleton active aria-label="正在加载推荐职位" />
      ) : posts.length === 0 ? (
        <Empty description="暂无推荐职位，请添加或从 Excel 导入" />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            共 {posts.length} 个推荐职位，按此顺序出现在民主推荐票上；每个职位的参考人选按其排列方式列出。
          </Typography.Paragraph>
          <div className="kp-rec-posts">
            {posts.map((post) => (
              <PostCard
                key={post.id}
                post={post}
                onEdit={(p) => setDialog({ open: true, editing: p })}
                onDelete={confirmDelete}
              />
            ))}
          </div>
        </>
      )}
      <PostFormModal
        open={dialog.open}
        editing={dialog.editing}
        saving={saving}
        onSubmit={(f) => void save(f)}
        onCancel={() => setDialog({ open: false })}
      />
    </>
  );
}
